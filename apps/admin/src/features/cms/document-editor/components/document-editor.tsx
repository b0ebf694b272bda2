import { Alert, Badge, Button, Grid, Group, Modal, Paper, Stack, Tabs, Text } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker, useNavigate } from 'react-router'
import type { EditableMap } from '@optika/domain/cms/editables'
import { findTemplate } from '@optika/domain/cms/templates'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { LockBanner } from '../../../elements/components/lock-banner.tsx'
import { WorkflowPanel } from '../../../governance/workflow/components/workflow-panel.tsx'
import { useEditLock, type EditLock } from '../../../elements/model/use-edit-lock.ts'
import { DependenciesTab } from '../../../elements/tabs/dependencies-tab.tsx'
import { NotesTab } from '../../../elements/tabs/notes-tab.tsx'
import { PropertiesTab } from '../../../elements/tabs/properties-tab.tsx'
import { TagsTab } from '../../../elements/tabs/tags-tab.tsx'
import { ScheduleTab } from '../../../pim/data-objects/tabs/schedule-tab.tsx'
import {
  documentEditorKeys,
  isEditorDocumentType,
  removeFromSession,
  saveDocument,
  saveToSession,
  useEditorDocument,
  type DocumentContent,
  type EditorDocument,
  type EditorDocumentType,
  type SaveTask,
} from '../api/document-editor-api.ts'
import { EmailSettingsSchema, type EmailSettings } from '@optika/domain/cms/document-api'
import { editableLabelKey } from '../model/editable-labels.ts'
import { DocumentVersionsTab } from './document-versions-tab.tsx'
import { TargetGroupEditableFields } from '../../../governance/targeting/components/target-group-editable-fields.tsx'
import { EmailPanel } from '../../email-panel/components/email-panel.tsx'
import { LivePreview } from './live-preview.tsx'
import { PageSettingsForm, readPageSettings } from './page-settings-form.tsx'

/** An e-mail document's stored envelope with the schema's defaults. */
function readEmailSettings(settings: Record<string, unknown>): EmailSettings {
  const parsed = EmailSettingsSchema.safeParse(settings)
  return parsed.success ? parsed.data : EmailSettingsSchema.parse({})
}

/** An e-mail's body: its `body` wysiwyg editable. */
function emailBodyOf(editables: EditableMap): string {
  const body = editables['body']
  return body?.type === 'wysiwyg' ? body.data : ''
}

const EDITOR_TABS = [
  'edit',
  'settings',
  'versions',
  'schedule',
  'notes',
  'properties',
  'dependencies',
  'tags',
] as const
type EditorTab = (typeof EDITOR_TABS)[number]

/**
 * /admin/documents/:id for pages, snippets and e-mails: the template's editables as a form next
 * to the storefront's live preview of the session draft; save a draft, publish, unpublish,
 * schedule; SEO and navigation, versions with a diff, and the shared element tabs.
 */
export function DocumentEditor({ documentId }: { documentId: number }) {
  const { t } = useTranslation()
  const document = useEditorDocument(documentId)
  const editable = document.data !== undefined && isEditorDocumentType(document.data.type)
  const lock = useEditLock(
    { elementType: 'document', elementId: documentId },
    editable && document.data.permissions.save,
  )
  const [reloads, setReloads] = useState(0)
  // Outlives the form, which starts afresh from the saved document.
  const [savedTask, setSavedTask] = useState<SaveTask | null>(null)
  if (document.isPending) return <ScreenLoader />
  if (document.isError) return <RequestErrorAlert error={document.error} />
  const data = document.data
  if (!isEditorDocumentType(data.type)) {
    return <Alert color="gray">{t('cmsAdminEditor.notEditable')}</Alert>
  }
  const formKey = `${data.id}:${data.versionCount}:${data.draft?.versionId ?? 0}:${String(data.published)}:${String(data.session === true)}:${reloads}`
  return (
    <DocumentForm
      key={formKey}
      document={data}
      type={data.type}
      lock={lock}
      savedTask={savedTask}
      onSaved={setSavedTask}
      onReload={() => {
        setSavedTask(null)
        void document.refetch().then(() => setReloads((count) => count + 1))
      }}
    />
  )
}

function DocumentForm({
  document,
  type,
  lock,
  savedTask,
  onSaved,
  onReload,
}: {
  document: EditorDocument
  type: EditorDocumentType
  lock: EditLock
  savedTask: SaveTask | null
  onSaved: (task: SaveTask | null) => void
  onReload: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const template = findTemplate(document.template)
  const [editables, setEditables] = useState<EditableMap>(document.editables)
  const [settings, setSettings] = useState<Record<string, unknown>>(document.settings)
  const [tab, setTab] = useState<EditorTab>('edit')
  const content = useMemo<DocumentContent>(
    () => ({
      editables,
      settings,
      ...(document.template === null ? {} : { template: document.template }),
    }),
    [editables, settings, document.template],
  )
  const [baseline] = useState(() => JSON.stringify(content))
  const dirty = JSON.stringify(content) !== baseline
  const element = useMemo(
    () => ({ elementType: 'document' as const, elementId: document.id }),
    [document.id],
  )
  const rights = document.permissions
  const lockedByOther = document.locked
  const readOnly =
    !rights.save || lock.state.kind === 'refused' || (lockedByOther && lock.state.kind !== 'held')

  const save = useMutation({
    mutationFn: (task: SaveTask) => saveDocument(type, document.id, task, content),
    onMutate: () => onSaved(null),
    onSuccess: async (_, task) => {
      onSaved(task)
      await queryClient.invalidateQueries({ queryKey: documentEditorKeys.all })
    },
  })
  const discard = useMutation({
    mutationFn: () => removeFromSession(type, document.id),
    onSuccess: onReload,
  })
  // A version preview used the session: it goes back to the editor's content (or away).
  const restoreSession = () => {
    const restore = dirty
      ? saveToSession(type, document.id, content)
      : removeFromSession(type, document.id)
    void restore.catch(() => undefined)
  }
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  )
  function run(task: SaveTask) {
    if (readOnly || save.isPending) return
    if (task !== 'version' && !(task === 'publish' ? rights.publish : rights.unpublish)) return
    save.mutate(task)
  }
  // Pimcore's Ctrl+S: a published document is saved and published, anything else saved as a draft.
  useHotkeys([['mod+S', () => run(document.published ? 'publish' : 'version')]], [], true)

  const visible = (name: EditorTab) => {
    switch (name) {
      case 'settings':
        // An e-mail's envelope is in its e-mail panel, beside its preview.
        return type === 'page'
      case 'versions':
        return rights.versions
      case 'properties':
        return rights.properties
      default:
        return true
    }
  }
  const setContentSettings = (next: Record<string, unknown>) => setSettings(next)
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={t('cmsAdminEditor.editorLabel', {
        name: document.key === '' ? '/' : document.key,
      })}
    >
      <Stack gap="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t(`cmsAdminEditor.documentType.${type}`)}
              {template !== undefined && ` · ${t(editableLabelKey(template.labelKey))}`}
            </Text>
            <Badge color={document.published ? 'teal' : 'gray'} variant="dot">
              {document.published
                ? t('cmsAdminEditor.status.published')
                : t('cmsAdminEditor.status.unpublished')}
            </Badge>
            {document.draft !== undefined && (
              <Badge color="yellow" variant="dot">
                {t('cmsAdminEditor.status.draft')}
              </Badge>
            )}
            {document.session === true && !dirty && (
              <Badge color="blue" variant="dot">
                {t('cmsAdminEditor.status.session')}
              </Badge>
            )}
            {dirty && (
              <Badge color="orange" variant="dot">
                {t('cmsAdminEditor.status.unsaved')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs" role="toolbar" aria-label={t('cmsAdminEditor.toolbar.label')}>
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            loading={save.isPending && save.variables === 'version'}
            onClick={() => run('version')}
          >
            {t('cmsAdminEditor.toolbar.saveDraft')}
          </Button>
          <Button
            size="xs"
            disabled={readOnly || !rights.publish}
            loading={save.isPending && save.variables === 'publish'}
            onClick={() => run('publish')}
          >
            {t('cmsAdminEditor.toolbar.publish')}
          </Button>
          {document.published && (
            <Button
              size="xs"
              variant="default"
              disabled={readOnly || !rights.unpublish}
              loading={save.isPending && save.variables === 'unpublish'}
              onClick={() => run('unpublish')}
            >
              {t('cmsAdminEditor.toolbar.unpublish')}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => setTab('schedule')}>
            {t('cmsAdminEditor.toolbar.schedule')}
          </Button>
          {(dirty || document.session === true) && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={readOnly}
              loading={discard.isPending}
              onClick={() => discard.mutate()}
            >
              {t('cmsAdminEditor.toolbar.discard')}
            </Button>
          )}
          {type === 'page' && document.published && (
            <Button
              size="xs"
              variant="subtle"
              component="a"
              href={encodeURI(document.path)}
              target="_blank"
              rel="noopener"
            >
              {t('cmsAdminEditor.toolbar.openInShop')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('cmsAdminEditor.toolbar.shortcut')}
        </Text>
        <LockBanner holder={null} lock={lock} lockedByOther={lockedByOther} />
        <WorkflowPanel element={element} />
        {savedTask !== null && !dirty && (
          <Alert color="green" role="status">
            {t(`cmsAdminEditor.saved.${savedTask}`)}
          </Alert>
        )}
        <RequestErrorAlert error={save.error ?? discard.error} />
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as EditorTab | null) ?? 'edit')}
          keepMounted={false}
        >
          <Tabs.List>
            {EDITOR_TABS.filter(visible).map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`cmsAdminEditor.tab.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="edit" pt="md">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, lg: 5 }}>
                {template === undefined ? (
                  <Alert color="yellow">{t('cmsAdminEditor.noTemplate')}</Alert>
                ) : (
                  <TargetGroupEditableFields
                    definitions={template.editables}
                    values={editables}
                    onChange={setEditables}
                    readOnly={readOnly}
                    documentId={document.id}
                  />
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 7 }}>
                {type === 'email' ? (
                  <EmailPanel
                    documentId={document.id}
                    settings={readEmailSettings(settings)}
                    body={emailBodyOf(editables)}
                    readOnly={readOnly || !rights.settings}
                    onSettingsChange={setContentSettings}
                  />
                ) : (
                  <LivePreview
                    type={type}
                    id={document.id}
                    path={document.path}
                    content={content}
                    baseline={baseline}
                    enabled={!readOnly}
                  />
                )}
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            {type === 'page' && (
              <PageSettingsForm
                settings={readPageSettings(settings)}
                readOnly={readOnly || !rights.settings}
                onChange={setContentSettings}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="versions" pt="md">
            <DocumentVersionsTab
              documentId={document.id}
              path={document.path}
              onPreviewDone={restoreSession}
              mayPublish={rights.publish}
              readOnly={readOnly}
              onChanged={onReload}
            />
          </Tabs.Panel>
          <Tabs.Panel value="schedule" pt="md">
            <ScheduleTab element={element} readOnly={readOnly || !rights.publish} />
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
              canOpen={() => true}
              onOpen={(item) =>
                void navigate(
                  item.elementType === 'asset'
                    ? `/assets/${item.elementId}`
                    : item.elementType === 'document'
                      ? `/documents/${item.elementId}`
                      : `/data-objects/${item.elementId}`,
                )
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="tags" pt="md">
            <TagsTab element={element} readOnly={readOnly} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('cmsAdminEditor.leave.title')}
      >
        <Stack gap="md">
          <Text>{t('cmsAdminEditor.leave.text', { name: document.key })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('cmsAdminEditor.leave.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('cmsAdminEditor.leave.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
