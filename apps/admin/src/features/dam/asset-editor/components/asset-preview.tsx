import { Alert, Anchor, Box, Button, Group, Image, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AssetData } from '@optika/domain/pim/asset-api'
import type { FocalPoint } from '@optika/domain/pim/asset-thumbnail-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  assetEditorKeys,
  documentPageUrl,
  downloadUrl,
  saveAsset,
  thumbnailUrl,
  useDocumentPageCount,
  useVideoPreview,
} from '../api/asset-editor-api.ts'
import { focalPointFromClick, nudgeFocalPoint, readFocalPoint } from '../model/focal-point.ts'

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const

/** The asset as it looks: a zoomable picture with its focal point, the video player or PDF pages. */
export function AssetPreview({ asset, readOnly }: { asset: AssetData; readOnly: boolean }) {
  switch (asset.type) {
    case 'image':
      return <ImagePreview asset={asset} readOnly={readOnly} />
    case 'video':
      return <VideoPreview asset={asset} />
    case 'document':
      return asset.mimeType === 'application/pdf' ? (
        <DocumentPreview asset={asset} />
      ) : (
        <NoPreview asset={asset} />
      )
    case 'folder':
    case 'other':
      return <NoPreview asset={asset} />
  }
}

function NoPreview({ asset }: { asset: AssetData }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs">
      <Text c="dimmed">{t('assetEditor.preview.none')}</Text>
      <Anchor href={downloadUrl(asset.id)} download={asset.key}>
        {t('assetEditor.download.original')}
      </Anchor>
    </Stack>
  )
}

function ImagePreview({ asset, readOnly }: { asset: AssetData; readOnly: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [zoomIndex, setZoomIndex] = useState(2)
  const zoom = ZOOM_STEPS[zoomIndex] ?? 1
  const saved = readFocalPoint(asset.customSettings)
  const [point, setPoint] = useState<FocalPoint | null>(saved)
  const [choosing, setChoosing] = useState(false)
  const save = useMutation({
    mutationFn: (focalPoint: FocalPoint | null) =>
      saveAsset({
        id: asset.id,
        customSettings: { ...asset.customSettings, focalPoint },
        note: t('assetEditor.focalPoint.note'),
      }),
    onSuccess: async () => {
      setChoosing(false)
      await queryClient.invalidateQueries({ queryKey: assetEditorKeys.data(asset.id) })
    },
  })
  const changed = JSON.stringify(point) !== JSON.stringify(saved)
  function place(event: MouseEvent<HTMLImageElement>) {
    if (!choosing) return
    setPoint(
      focalPointFromClick(
        event.currentTarget.getBoundingClientRect(),
        event.clientX,
        event.clientY,
      ),
    )
  }
  function nudge(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.shiftKey ? 10 : 1
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[event.key]
    if (move === undefined || point === null || !choosing) return
    event.preventDefault()
    setPoint(nudgeFocalPoint(point, move[0], move[1]))
  }
  const src = thumbnailUrl(asset.id, 'editor', asset.modificationDate)
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('assetEditor.preview.toolbar')}>
        <Button
          size="xs"
          variant="default"
          disabled={zoomIndex === 0}
          onClick={() => setZoomIndex(zoomIndex - 1)}
        >
          {t('assetEditor.zoom.out')}
        </Button>
        <Text size="sm" aria-live="polite" data-testid="zoom-level">
          {t('assetEditor.zoom.level', { percent: Math.round(zoom * 100) })}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={zoomIndex === ZOOM_STEPS.length - 1}
          onClick={() => setZoomIndex(zoomIndex + 1)}
        >
          {t('assetEditor.zoom.in')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setZoomIndex(2)}>
          {t('assetEditor.zoom.fit')}
        </Button>
        {!readOnly && (
          <Button
            size="xs"
            variant={choosing ? 'filled' : 'light'}
            aria-pressed={choosing}
            onClick={() => {
              if (!choosing && point === null) setPoint({ x: 50, y: 50 })
              setChoosing(!choosing)
            }}
          >
            {t('assetEditor.focalPoint.choose')}
          </Button>
        )}
      </Group>
      {choosing && (
        <Text size="sm" c="dimmed">
          {t('assetEditor.focalPoint.hint')}
        </Text>
      )}
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('assetEditor.preview.imageRegion', { name: asset.key })}
        style={{
          overflow: 'auto',
          maxHeight: '70vh',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Box pos="relative" style={{ width: `${zoom * 100}%`, margin: zoom < 1 ? '0 auto' : 0 }}>
          <Image
            src={src}
            alt={asset.key}
            w="100%"
            onClick={place}
            style={{ cursor: choosing ? 'crosshair' : 'default', display: 'block' }}
          />
          {point !== null && (
            <button
              type="button"
              aria-label={t('assetEditor.focalPoint.marker', { x: point.x, y: point.y })}
              onKeyDown={nudge}
              data-testid="focal-point"
              style={{
                position: 'absolute',
                left: `${point.x}%`,
                top: `${point.y}%`,
                width: 24,
                height: 24,
                marginLeft: -12,
                marginTop: -12,
                borderRadius: '50%',
                border: '3px solid #fff',
                boxShadow: '0 0 0 2px #000',
                background: 'rgba(255, 0, 80, 0.6)',
                padding: 0,
                cursor: choosing ? 'move' : 'default',
              }}
            />
          )}
        </Box>
      </Box>
      {!readOnly && (changed || saved !== null) && (
        <Group gap="xs">
          {changed && (
            <Button size="xs" loading={save.isPending} onClick={() => save.mutate(point)}>
              {t('assetEditor.focalPoint.save')}
            </Button>
          )}
          {saved !== null && (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setPoint(null)
                save.mutate(null)
              }}
            >
              {t('assetEditor.focalPoint.remove')}
            </Button>
          )}
        </Group>
      )}
      {save.isSuccess && (
        <Alert color="green" role="status">
          {t('admin.common.saved')}
        </Alert>
      )}
      <RequestErrorAlert error={save.error} />
    </Stack>
  )
}

function VideoPreview({ asset }: { asset: AssetData }) {
  const { t } = useTranslation()
  const preview = useVideoPreview(asset.id, true)
  if (preview.isPending) return <ScreenLoader />
  if (preview.isError)
    return (
      <Stack gap="xs">
        <RequestErrorAlert error={preview.error} />
        <Anchor href={downloadUrl(asset.id)} download={asset.key}>
          {t('assetEditor.download.original')}
        </Anchor>
      </Stack>
    )
  return (
    <video
      controls
      preload="metadata"
      poster={preview.data.poster}
      aria-label={t('assetEditor.preview.video', { name: asset.key })}
      style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
    >
      {preview.data.sources.map((source) => (
        <source key={source.format} src={source.url} type={source.type} />
      ))}
    </video>
  )
}

function DocumentPreview({ asset }: { asset: AssetData }) {
  const { t } = useTranslation()
  const pages = useDocumentPageCount(asset.id, true)
  const [page, setPage] = useState(1)
  if (pages.isPending) return <ScreenLoader />
  if (pages.isError) return <RequestErrorAlert error={pages.error} />
  const count = pages.data
  return (
    <Stack gap="sm">
      <Group gap="xs" role="toolbar" aria-label={t('assetEditor.preview.pages')}>
        <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('adminPimObjects.pager.previous')}
        </Button>
        <Text size="sm" aria-live="polite">
          {t('adminPimObjects.pager.page', { page, pages: count })}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={page >= count}
          onClick={() => setPage(page + 1)}
        >
          {t('adminPimObjects.pager.next')}
        </Button>
      </Group>
      <Image
        src={documentPageUrl(asset.id, page)}
        alt={t('assetEditor.preview.page', { name: asset.key, page })}
        fit="contain"
        mah="80vh"
        style={{ border: '1px solid var(--mantine-color-default-border)' }}
      />
    </Stack>
  )
}
