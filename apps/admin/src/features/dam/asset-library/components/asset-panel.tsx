import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { FileIcon } from '../../../../components/icons.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import type { LibraryNode } from '../api/asset-library-api.ts'
import { formatBytes } from '../model/format-bytes.ts'

/** What the library hands the asset editor (features/dam/asset-editor) for the open asset. */
export interface AssetEditorProps {
  id: number
  /** Opens another asset or folder in the library. */
  onOpen?: (id: number) => void
}

/**
 * The asset editor (features/dam/asset-editor) where it has landed: the library opens every
 * non-folder asset in it. Found at build time, so the library builds with or without it.
 */
const editorModules = import.meta.glob<{ AssetEditor: ComponentType<AssetEditorProps> }>(
  '../../asset-editor/components/asset-editor.tsx',
)
const loadEditor = Object.values(editorModules)[0]
const AssetEditor =
  loadEditor === undefined
    ? null
    : lazy(async () => ({ default: (await loadEditor()).AssetEditor }))

/**
 * The open asset: in the asset editor where it is built in, else its preview, facts and download
 * (what a reader of the library needs without the editor).
 */
export function AssetPanel({
  asset,
  onOpen,
}: {
  asset: LibraryNode
  onOpen: (id: number) => void
}) {
  const { t, i18n } = useTranslation()
  if (AssetEditor !== null) {
    return (
      <Suspense fallback={<ScreenLoader />}>
        <AssetEditor id={asset.id} onOpen={onOpen} />
      </Suspense>
    )
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="asset-panel-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="asset-panel-title" style={{ overflowWrap: 'anywhere' }}>
          {asset.key}
        </Title>
        {asset.type === 'image' && asset.thumbnail ? (
          <img
            src={asset.thumbnail}
            alt={asset.key}
            style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', alignSelf: 'start' }}
          />
        ) : (
          <FileIcon size="4rem" aria-hidden />
        )}
        <Stack gap={4} component="dl" m={0}>
          <Group gap="xs">
            <Text component="dt" size="sm" fw={600}>
              {t('assetLibrary.grid.type')}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {t(`assetLibrary.type.${asset.type}`)}
              {asset.mimeType ? ` (${asset.mimeType})` : ''}
            </Text>
          </Group>
          <Group gap="xs">
            <Text component="dt" size="sm" fw={600}>
              {t('assetLibrary.grid.path')}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {asset.fullPath}
            </Text>
          </Group>
          {asset.size !== null && (
            <Group gap="xs">
              <Text component="dt" size="sm" fw={600}>
                {t('assetLibrary.grid.size')}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {formatBytes(asset.size, i18n.language)}
                {asset.width !== null && asset.height !== null
                  ? ` · ${asset.width} × ${asset.height} px`
                  : ''}
              </Text>
            </Group>
          )}
        </Stack>
        <Anchor href={`/admin/asset/download?id=${asset.id}`} download>
          {t('assetLibrary.action.download')}
        </Anchor>
      </Stack>
    </Paper>
  )
}
