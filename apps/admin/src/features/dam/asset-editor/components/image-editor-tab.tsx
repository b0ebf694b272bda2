import { Alert, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import ReactCrop, { type PercentCrop } from 'react-image-crop'
import 'react-image-crop/dist/ReactCrop.css'
import { useTranslation } from 'react-i18next'
import type { ImageEditorData } from '@optika/domain/pim/asset-thumbnail-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { assetEditorKeys, saveImageEdit, useImageEditorData } from '../api/asset-editor-api.ts'
import {
  NO_EDIT,
  previewTransform,
  resultAspect,
  toOperations,
  turn,
  type ImageEditState,
} from '../model/image-edit.ts'

const PREVIEW_SIZE = 240

/** Crop, turn and flip a picture with a live preview; saving writes a new version of the file. */
export function ImageEditorTab({ assetId }: { assetId: number }) {
  const editor = useImageEditorData(assetId)
  if (editor.isPending) return <ScreenLoader />
  if (editor.isError) return <RequestErrorAlert error={editor.error} />
  return <ImageEditorForm data={editor.data} />
}

function ImageEditorForm({ data }: { data: ImageEditorData }) {
  // The address stays the same across versions: the version number keeps the browser from showing the old picture.
  const imageUrl = `${data.imageUrl}&v=${data.versionCount}`
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [state, setState] = useState<ImageEditState>(NO_EDIT)
  const [crop, setCrop] = useState<PercentCrop | undefined>(undefined)
  const [note, setNote] = useState('')
  const operations = toOperations(state)
  const save = useMutation({
    mutationFn: () =>
      saveImageEdit({
        id: data.id,
        operations,
        ...(note.trim() === '' ? {} : { note: note.trim() }),
      }),
    onSuccess: async () => {
      setState(NO_EDIT)
      setCrop(undefined)
      setNote('')
      await queryClient.invalidateQueries({ queryKey: assetEditorKeys.all })
    },
  })
  const set = (change: Partial<ImageEditState>) =>
    setState((current) => ({ ...current, ...change }))
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('assetEditor.imageEditor.hint')}
      </Text>
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('assetEditor.imageEditor.tools')}>
        <Button
          size="xs"
          variant="default"
          onClick={() => set({ rotate: turn(state.rotate, -90) })}
        >
          {t('assetEditor.imageEditor.rotateLeft')}
        </Button>
        <Button size="xs" variant="default" onClick={() => set({ rotate: turn(state.rotate, 90) })}>
          {t('assetEditor.imageEditor.rotateRight')}
        </Button>
        <Button
          size="xs"
          variant={state.flipHorizontal ? 'filled' : 'default'}
          aria-pressed={state.flipHorizontal}
          onClick={() => set({ flipHorizontal: !state.flipHorizontal })}
        >
          {t('assetEditor.imageEditor.flipHorizontal')}
        </Button>
        <Button
          size="xs"
          variant={state.flipVertical ? 'filled' : 'default'}
          aria-pressed={state.flipVertical}
          onClick={() => set({ flipVertical: !state.flipVertical })}
        >
          {t('assetEditor.imageEditor.flipVertical')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          disabled={operations.length === 0}
          onClick={() => {
            setState(NO_EDIT)
            setCrop(undefined)
          }}
        >
          {t('assetEditor.imageEditor.reset')}
        </Button>
      </Group>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box style={{ flex: '1 1 280px', minWidth: 0, maxWidth: 720 }}>
          <ReactCrop
            crop={crop}
            keepSelection
            ruleOfThirds
            // The preview follows the selection while it is drawn, not only when it is let go.
            onChange={(_, percent) => {
              setCrop(percent)
              set({
                crop:
                  percent.width > 0 && percent.height > 0
                    ? { x: percent.x, y: percent.y, width: percent.width, height: percent.height }
                    : null,
              })
            }}
            ariaLabels={{
              cropArea: t('assetEditor.imageEditor.cropArea'),
              nwDragHandle: t('assetEditor.imageEditor.handle'),
              nDragHandle: t('assetEditor.imageEditor.handle'),
              neDragHandle: t('assetEditor.imageEditor.handle'),
              eDragHandle: t('assetEditor.imageEditor.handle'),
              seDragHandle: t('assetEditor.imageEditor.handle'),
              sDragHandle: t('assetEditor.imageEditor.handle'),
              swDragHandle: t('assetEditor.imageEditor.handle'),
              wDragHandle: t('assetEditor.imageEditor.handle'),
            }}
          >
            <img
              src={imageUrl}
              alt={t('assetEditor.imageEditor.original', { name: data.key })}
              style={{ maxWidth: '100%', display: 'block' }}
            />
          </ReactCrop>
          <Text size="xs" c="dimmed" mt={4}>
            {t('assetEditor.imageEditor.dimensions', { width: data.width, height: data.height })}
          </Text>
        </Box>
        <Paper
          withBorder
          p="sm"
          radius="md"
          component="section"
          aria-labelledby="image-editor-preview"
        >
          <Title order={3} size="h6" id="image-editor-preview" mb="xs">
            {t('assetEditor.imageEditor.preview')}
          </Title>
          <LivePreview data={data} imageUrl={imageUrl} state={state} />
        </Paper>
      </Group>
      <RequestErrorAlert error={save.error} />
      {save.isSuccess && (
        <Alert color="green" role="status">
          {t('assetEditor.imageEditor.saved')}
        </Alert>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          size="xs"
          label={t('assetEditor.imageEditor.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Button
          size="xs"
          disabled={operations.length === 0}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('assetEditor.imageEditor.save')}
        </Button>
      </Group>
    </Stack>
  )
}

/** The crop, turned and flipped, drawn by the browser as the server will cut it. */
function LivePreview({
  data,
  imageUrl,
  state,
}: {
  data: ImageEditorData
  imageUrl: string
  state: ImageEditState
}) {
  const { t } = useTranslation()
  const crop = state.crop ?? { x: 0, y: 0, width: 100, height: 100 }
  // The box before turning; a square frame fits it the same whichever way it is turned.
  const turned = state.rotate === 90 || state.rotate === 270
  const aspect = turned
    ? 1 / resultAspect(state, data.width, data.height)
    : resultAspect(state, data.width, data.height)
  const width = aspect >= 1 ? PREVIEW_SIZE : PREVIEW_SIZE * aspect
  const height = width / aspect
  return (
    <Box
      w={PREVIEW_SIZE}
      h={PREVIEW_SIZE}
      style={{ display: 'grid', placeItems: 'center', maxWidth: '100%' }}
      data-testid="image-editor-preview"
      data-operations={JSON.stringify(toOperations(state))}
    >
      <Box
        pos="relative"
        w={width}
        h={height}
        style={{ overflow: 'hidden', transform: previewTransform(state) }}
      >
        <img
          src={imageUrl}
          alt={t('assetEditor.imageEditor.result')}
          style={{
            position: 'absolute',
            maxWidth: 'none',
            width: `${(100 * 100) / crop.width}%`,
            height: `${(100 * 100) / crop.height}%`,
            left: `${(-crop.x * 100) / crop.width}%`,
            top: `${(-crop.y * 100) / crop.height}%`,
          }}
        />
      </Box>
    </Box>
  )
}
