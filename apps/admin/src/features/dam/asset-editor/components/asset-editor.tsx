import { Badge, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { AssetData } from '@optika/domain/pim/asset-api'
import type { ElementSummary } from '@optika/domain/pim/element-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { LockBanner } from '../../../elements/components/lock-banner.tsx'
import { WorkflowPanel } from '../../../governance/workflow/components/workflow-panel.tsx'
import { useEditLock } from '../../../elements/model/use-edit-lock.ts'
import { DependenciesTab } from '../../../elements/tabs/dependencies-tab.tsx'
import { NotesTab } from '../../../elements/tabs/notes-tab.tsx'
import { PropertiesTab } from '../../../elements/tabs/properties-tab.tsx'
import { TagsTab } from '../../../elements/tabs/tags-tab.tsx'
import { useCurrentUser } from '../../../identity/auth/api/auth-api.ts'
import { useAssetData } from '../api/asset-editor-api.ts'
import { AssetDownload } from './asset-download.tsx'
import { AssetPreview } from './asset-preview.tsx'
import { AssetVersionsTab } from './asset-versions-tab.tsx'
import { ImageEditorTab } from './image-editor-tab.tsx'
import { MetadataTab } from './metadata-tab.tsx'

const ASSET_TABS = [
  'preview',
  'metadata',
  'imageEditor',
  'versions',
  'notes',
  'properties',
  'dependencies',
  'tags',
] as const
type AssetTab = (typeof ASSET_TABS)[number]

/**
 * /admin/assets/:id — one asset: its preview, metadata, image editor, versions and the element
 * tabs shared with the object editor. Taking the edit lock needs the publish right.
 */
export function AssetEditor({ id, onOpen }: { id: number; onOpen?: (id: number) => void }) {
  const asset = useAssetData(id)
  const lock = useEditLock(
    { elementType: 'asset', elementId: id },
    asset.data?.permissions.publish === true,
  )
  if (asset.isPending) return <ScreenLoader />
  if (asset.isError) return <RequestErrorAlert error={asset.error} />
  return <AssetEditorView asset={asset.data} lock={lock} onOpen={onOpen} />
}

function AssetEditorView({
  asset,
  lock,
  onOpen,
}: {
  asset: AssetData
  lock: ReturnType<typeof useEditLock>
  onOpen: ((id: number) => void) | undefined
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const formats = useFormats()
  const currentUser = useCurrentUser()
  const [tab, setTab] = useState<AssetTab>('preview')
  const element = useMemo(
    () => ({ elementType: 'asset' as const, elementId: asset.id }),
    [asset.id],
  )
  const lockedByOther =
    asset.lock !== null &&
    currentUser.data !== undefined &&
    asset.lock.userId !== currentUser.data.id
  const readOnly =
    !asset.permissions.publish ||
    lock.state.kind === 'refused' ||
    (lockedByOther && lock.state.kind !== 'held')
  const visible = (tab: AssetTab) => {
    switch (tab) {
      case 'imageEditor':
        return asset.type === 'image' && !readOnly
      case 'versions':
        return asset.permissions.versions
      case 'properties':
        return asset.permissions.properties
      default:
        return true
    }
  }
  const openElement = (item: ElementSummary) => {
    if (item.elementType === 'asset' && onOpen !== undefined) onOpen(item.elementId)
    else
      void navigate(
        item.elementType === 'asset'
          ? `/assets/${item.elementId}`
          : `/data-objects/${item.elementId}`,
      )
  }
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby="asset-editor-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h3" id="asset-editor-title" style={{ wordBreak: 'break-all' }}>
                {asset.key}
              </Title>
              <Badge variant="light">{t(`assetEditor.type.${asset.type}`)}</Badge>
            </Group>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {asset.fullPath}
            </Text>
          </Stack>
          <AssetDownload asset={asset} />
        </Group>
        <LockBanner holder={asset.lock} lock={lock} lockedByOther={lockedByOther} />
        <WorkflowPanel element={element} />
        <Group gap="lg" wrap="wrap">
          <Fact label={t('assetEditor.facts.id')} value={String(asset.id)} />
          {asset.mimeType !== null && (
            <Fact label={t('assetEditor.facts.mimeType')} value={asset.mimeType} />
          )}
          {asset.size !== null && (
            <Fact
              label={t('assetEditor.facts.size')}
              value={t('assetEditor.facts.kilobytes', {
                size: (Math.round(asset.size / 102.4) / 10).toLocaleString(i18n.language),
              })}
            />
          )}
          {asset.width !== null && asset.height !== null && (
            <Fact
              label={t('assetEditor.facts.dimensions')}
              value={`${asset.width} × ${asset.height}`}
            />
          )}
          <Fact label={t('assetEditor.facts.version')} value={String(asset.versionCount)} />
          <Fact
            label={t('assetEditor.facts.modified')}
            value={`${formats.dateTime(asset.modificationDate)}${asset.userModification === null ? '' : ` · ${asset.userModification}`}`}
          />
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as AssetTab | null) ?? 'preview')}
          keepMounted={false}
        >
          <Tabs.List>
            {ASSET_TABS.filter(visible).map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`assetEditor.tab.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="preview" pt="md">
            <AssetPreview asset={asset} readOnly={readOnly} />
          </Tabs.Panel>
          <Tabs.Panel value="metadata" pt="md">
            <MetadataTab asset={asset} readOnly={readOnly} />
          </Tabs.Panel>
          <Tabs.Panel value="imageEditor" pt="md">
            <ImageEditorTab assetId={asset.id} />
          </Tabs.Panel>
          <Tabs.Panel value="versions" pt="md">
            <AssetVersionsTab asset={asset} />
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            <NotesTab element={element} />
          </Tabs.Panel>
          <Tabs.Panel value="properties" pt="md">
            <PropertiesTab element={element} readOnly={readOnly} />
          </Tabs.Panel>
          <Tabs.Panel value="dependencies" pt="md">
            <DependenciesTab
              element={element}
              canOpen={(item) => item.elementType === 'object' || item.elementType === 'asset'}
              onOpen={openElement}
            />
          </Tabs.Panel>
          <Tabs.Panel value="tags" pt="md">
            <TagsTab element={element} readOnly={readOnly} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  )
}
