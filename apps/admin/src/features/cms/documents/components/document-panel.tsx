import { Anchor, Badge, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { lazy, Suspense, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import type { DocumentType } from '@optika/domain/cms/document-api'
import type { DocumentData } from '@optika/domain/cms/document-tree-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { ROOT_ID, useDocument } from '../api/documents-api.ts'
import { storefrontUrl } from '../model/storefront-url.ts'
import { DocumentFacts } from './document-facts.tsx'
import { HardlinkEditor } from './hardlink-editor.tsx'
import { LinkEditor } from './link-editor.tsx'
import { SiteSettings } from './site-settings.tsx'
import { TranslationsPanel } from './translations-panel.tsx'

export const PANEL_TABS = ['edit', 'translations', 'site'] as const
export type PanelTab = (typeof PANEL_TABS)[number]

export function isPanelTab(value: string | null): value is PanelTab {
  return (PANEL_TABS as readonly (string | null)[]).includes(value)
}

/** What the Documents screen hands the page, snippet and e-mail editor (features/cms/document-editor). */
export interface DocumentEditorProps {
  documentId: number
}

/**
 * The page, snippet and e-mail editor (admin-editor slice) where it has landed, found at build
 * time so the screen builds with or without it; without it the document's facts stand in.
 */
const editorModules = import.meta.glob<{ DocumentEditor: ComponentType<DocumentEditorProps> }>(
  '../../document-editor/components/document-editor.tsx',
)
const loadEditor = Object.values(editorModules)[0]
const DocumentEditor =
  loadEditor === undefined
    ? null
    : lazy(async () => ({ default: (await loadEditor()).DocumentEditor }))

const EDITOR_TYPES: readonly DocumentType[] = ['page', 'snippet', 'email']

/** Which tabs a document has: translations for all but folders and the root, a site for pages and hardlinks (as Pimcore's "use as site"). */
function tabsOf(document: DocumentData): PanelTab[] {
  const tabs: PanelTab[] = ['edit']
  if (document.id !== ROOT_ID && document.type !== 'folder') tabs.push('translations')
  if (document.id !== ROOT_ID && (document.type === 'page' || document.type === 'hardlink')) {
    tabs.push('site')
  }
  return tabs
}

/**
 * The open document: its name, path and state, then the tab asked for — the editor of its type,
 * its translations, its site.
 */
export function DocumentPanel({
  id,
  tab,
  onOpen,
}: {
  id: number
  tab: PanelTab
  onOpen: (id: number, tab?: PanelTab) => void
}) {
  const { t } = useTranslation()
  const query = useDocument(id)
  if (query.isPending) return <ScreenLoader />
  if (query.data === undefined) return <RequestErrorAlert error={query.error} />
  const document = query.data
  const tabs = tabsOf(document)
  const active = tabs.includes(tab) ? tab : 'edit'
  const name = document.id === ROOT_ID ? t('cmsAdminTree.tree.root') : document.key
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="header">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text id="document-path" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {document.path}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light">{t(`cmsAdminTree.type.${document.type}`)}</Badge>
            {document.id !== ROOT_ID && (
              <Badge variant="light" color={document.published ? 'green' : 'gray'}>
                {document.published
                  ? t('cmsAdminTree.state.published')
                  : t('cmsAdminTree.state.unpublished')}
              </Badge>
            )}
            {document.language !== null && (
              <Badge variant="outline">{document.language.toUpperCase()}</Badge>
            )}
            {(document.type === 'page' || document.type === 'hardlink') && (
              <Anchor href={storefrontUrl(document)} target="_blank" rel="noopener" size="sm">
                {t('cmsAdminTree.action.storefront')}
              </Anchor>
            )}
          </Group>
        </Group>
      </Paper>
      {tabs.length > 1 ? (
        <Tabs
          value={active}
          onChange={(value) => onOpen(document.id, isPanelTab(value) ? value : 'edit')}
          keepMounted={false}
        >
          <Tabs.List>
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`cmsAdminTree.tab.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((value) => (
            <Tabs.Panel key={value} value={value} pt="md">
              <PanelBody document={document} tab={value} onOpen={onOpen} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <PanelBody document={document} tab="edit" onOpen={onOpen} />
      )}
    </Stack>
  )
}

function PanelBody({
  document,
  tab,
  onOpen,
}: {
  document: DocumentData
  tab: PanelTab
  onOpen: (id: number, tab?: PanelTab) => void
}) {
  switch (tab) {
    case 'translations':
      return <TranslationsPanel document={document} onOpen={onOpen} />
    case 'site':
      return <SiteSettings document={document} />
    case 'edit':
      break
  }
  if (EDITOR_TYPES.includes(document.type) && DocumentEditor !== null) {
    return (
      <Suspense fallback={<ScreenLoader />}>
        <DocumentEditor documentId={document.id} />
      </Suspense>
    )
  }
  switch (document.type) {
    case 'link':
      return <LinkEditor document={document} />
    case 'hardlink':
      return <HardlinkEditor document={document} />
    default:
      return <DocumentFacts document={document} />
  }
}
