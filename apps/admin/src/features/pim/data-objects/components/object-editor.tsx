import { Alert, Badge, Button, Group, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker, useNavigate } from 'react-router'
import type { ObjectDetail } from '@optika/domain/pim/object-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { DependenciesTab } from '../../../elements/tabs/dependencies-tab.tsx'
import { NotesTab } from '../../../elements/tabs/notes-tab.tsx'
import { PropertiesTab } from '../../../elements/tabs/properties-tab.tsx'
import { TagsTab } from '../../../elements/tabs/tags-tab.tsx'
import { LockBanner } from '../../../elements/components/lock-banner.tsx'
import { useEditLock, type EditLock } from '../../../elements/model/use-edit-lock.ts'
import { useCurrentUser } from '../../../identity/auth/api/auth-api.ts'
import { useWorkflowReadOnlyFields } from '../../../governance/workflow/api/workflow-api.ts'
import { WorkflowPanel } from '../../../governance/workflow/components/workflow-panel.tsx'
import {
  deleteElement,
  objectKeys,
  previewUrl,
  saveObject,
  useObjectDetail,
  type SaveTask,
} from '../api/objects-api.ts'
import { fieldErrorsOf } from '../api/send-with-field-errors.ts'
import { EditorContext, type EditorContextValue } from '../model/editor-context.ts'
import { TabMemoryContext, useRememberedTab } from '../model/tab-memory.ts'
import { setAtPath, type DataPath } from '../model/object-data.ts'
import { ScheduleTab } from '../tabs/schedule-tab.tsx'
import { VariantsTab } from '../tabs/variants-tab.tsx'
import { VersionsTab } from '../tabs/versions-tab.tsx'
import { DeleteDialog } from './delete-dialog.tsx'
import { LayoutRenderer } from './layout-renderer.tsx'

/** Classes with a storefront page (the server's preview redirects only for these). */
const SHOP_PAGE_CLASSES = ['Product', 'Category']

interface ObjectEditorProps {
  id: number
  onOpen: (id: number) => void
  onDeleted: () => void
}

/** The editor of an object or variant: its form from the class layout, toolbar and side tabs. */
export function ObjectEditor({ id, onOpen, onDeleted }: ObjectEditorProps) {
  const detail = useObjectDetail(id)
  const [reloads, setReloads] = useState(0)
  // Outlives the form, which starts afresh with the saved version.
  const [savedTask, setSavedTask] = useState<SaveTask | null>(null)
  const lock = useEditLock(
    { elementType: 'object', elementId: id },
    detail.data?.permissions.save === true,
  )
  const [tabMemory] = useState(() => new Map<string, string>())
  if (detail.isPending) return <ScreenLoader />
  if (detail.isError) return <RequestErrorAlert error={detail.error} />
  const object = detail.data
  // A new version from the server (a save, a publish, a restored version) starts a fresh form.
  const formKey = `${object.id}:${object.versionCount}:${object.draft?.versionId ?? 0}:${String(object.published)}:${reloads}`
  return (
    <TabMemoryContext value={tabMemory}>
      <ObjectForm
        key={formKey}
        object={object}
        onOpen={onOpen}
        onDeleted={onDeleted}
        savedTask={savedTask}
        onSaved={setSavedTask}
        lock={lock}
        onReload={() => {
          setSavedTask(null)
          void detail.refetch().then(() => setReloads((count) => count + 1))
        }}
      />
    </TabMemoryContext>
  )
}

function ObjectForm({
  object,
  onOpen,
  onDeleted,
  onReload,
  savedTask,
  onSaved,
  lock,
}: {
  object: ObjectDetail
  onOpen: (id: number) => void
  onDeleted: () => void
  onReload: () => void
  savedTask: SaveTask | null
  onSaved: (task: SaveTask | null) => void
  lock: EditLock
}) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const currentUser = useCurrentUser()
  const initial = object.draft?.data ?? object.data
  const navigate = useNavigate()
  const element = useMemo(
    () => ({ elementType: 'object' as const, elementId: object.id }),
    [object.id],
  )
  const [data, setData] = useState<Record<string, unknown>>(initial)
  const [baseline] = useState(() => JSON.stringify(initial))
  const [tab, setTab] = useRememberedTab('editor', 'edit')
  const [deleting, setDeleting] = useState(false)
  const mayEdit = object.permissions.save
  const lockedByOther =
    object.lock !== null &&
    currentUser.data !== undefined &&
    object.lock.userId !== currentUser.data.id
  const readOnly =
    !mayEdit || lock.state.kind === 'refused' || (lockedByOther && lock.state.kind !== 'held')
  const dirty = JSON.stringify(data) !== baseline
  const readOnlyFields = useWorkflowReadOnlyFields(element)

  const save = useMutation({
    mutationFn: (task: SaveTask) => saveObject({ id: object.id, data, task, merge: false }),
    onMutate: () => onSaved(null),
    onSuccess: async (_, task) => {
      onSaved(task)
      await queryClient.invalidateQueries({ queryKey: objectKeys.all })
    },
  })
  // Leaving for another element (or screen) with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  )
  const remove = useMutation({
    mutationFn: () => deleteElement(object.id),
    onSuccess: async () => {
      setDeleting(false)
      await queryClient.invalidateQueries({ queryKey: objectKeys.tree })
      onDeleted()
    },
  })
  function run(task: SaveTask) {
    if (readOnly || save.isPending) return
    setTab('edit')
    save.mutate(task)
  }
  // Pimcore's Ctrl+S: a published object is saved and published, anything else saved.
  useHotkeys([['mod+S', () => run(object.published ? 'publish' : 'save')]], [], true)

  const context = useMemo<EditorContextValue>(
    () => ({
      data,
      inherited: object.inherited,
      errors: fieldErrorsOf(save.error),
      readOnly,
      readOnlyFields,
      classId: object.classId,
      elementId: object.id,
      setValue: (path: DataPath, value: unknown) =>
        setData((current) => setAtPath(current, path, value) as Record<string, unknown>),
      openElement: onOpen,
    }),
    [
      data,
      object.inherited,
      object.classId,
      object.id,
      save.error,
      readOnly,
      readOnlyFields,
      onOpen,
    ],
  )
  const typeLabel = t(`adminPimObjects.type.${object.type}`)
  const hasFieldErrors = Object.keys(context.errors).length > 0
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="object-editor-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {typeLabel} · {object.className}
              </Text>
              <Badge color={object.published ? 'teal' : 'gray'} variant="dot">
                {object.published
                  ? t('adminPimObjects.status.published')
                  : t('adminPimObjects.status.unpublished')}
              </Badge>
              {object.draft !== null && (
                <Badge color="yellow" variant="dot">
                  {t('adminPimObjects.status.draft')}
                </Badge>
              )}
              {dirty && (
                <Badge color="orange" variant="dot">
                  {t('adminPimObjects.status.unsaved')}
                </Badge>
              )}
            </Group>
            <Title order={2} size="h3" id="object-editor-title">
              {object.key}
            </Title>
            <Text size="xs" c="dimmed">
              {object.fullPath} · ID {object.id}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" role="toolbar" aria-label={t('adminPimObjects.toolbar.label')}>
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            loading={save.isPending && save.variables === 'save'}
            onClick={() => run('save')}
          >
            {t('adminPimObjects.toolbar.saveDraft')}
          </Button>
          <Button
            size="xs"
            disabled={readOnly || !object.permissions.publish}
            loading={save.isPending && save.variables === 'publish'}
            onClick={() => run('publish')}
          >
            {t('adminPimObjects.toolbar.savePublish')}
          </Button>
          {object.published && (
            <Button
              size="xs"
              variant="default"
              disabled={readOnly || !object.permissions.unpublish}
              loading={save.isPending && save.variables === 'unpublish'}
              onClick={() => run('unpublish')}
            >
              {t('adminPimObjects.action.unpublish')}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={onReload}>
            {t('adminPimObjects.toolbar.reload')}
          </Button>
          {SHOP_PAGE_CLASSES.includes(object.classId) && (
            <Button
              size="xs"
              variant="subtle"
              component="a"
              href={previewUrl(object.id, i18n.language)}
              target="_blank"
              rel="noopener"
            >
              {t('adminPimObjects.toolbar.openInShop')}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={!object.permissions.delete}
            onClick={() => setDeleting(true)}
          >
            {t('admin.common.delete')}
          </Button>
        </Group>
        <LockBanner holder={object.lock} lock={lock} lockedByOther={lockedByOther} />
        <WorkflowPanel element={element} />
        {savedTask !== null && !dirty && (
          <Alert color="green" role="status">
            {savedTask === 'publish'
              ? t('adminPimObjects.save.published')
              : savedTask === 'unpublish'
                ? t('adminPimObjects.save.unpublished')
                : t('adminPimObjects.save.saved')}
          </Alert>
        )}
        {save.isError && (
          <Alert
            color="red"
            role="alert"
            title={hasFieldErrors ? t('validation.formError') : undefined}
          >
            {save.error.message}
          </Alert>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="edit">{t('adminPimObjects.tab.edit')}</Tabs.Tab>
            {object.allowVariants && object.type === 'object' && (
              <Tabs.Tab value="variants">
                {t('adminPimObjects.tab.variants')} ({object.variantCount})
              </Tabs.Tab>
            )}
            {object.permissions.versions && (
              <Tabs.Tab value="versions">{t('adminPimObjects.tab.versions')}</Tabs.Tab>
            )}
            <Tabs.Tab value="notes">{t('adminPimObjects.tab.notes')}</Tabs.Tab>
            {object.permissions.properties && (
              <Tabs.Tab value="properties">{t('adminPimObjects.tab.properties')}</Tabs.Tab>
            )}
            <Tabs.Tab value="dependencies">{t('adminPimObjects.tab.dependencies')}</Tabs.Tab>
            <Tabs.Tab value="tags">{t('adminPimObjects.tab.tags')}</Tabs.Tab>
            <Tabs.Tab value="schedule">{t('adminPimObjects.tab.schedule')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="edit" pt="md">
            <EditorContext value={context}>
              <LayoutRenderer nodes={object.layout} basePath={[]} />
            </EditorContext>
          </Tabs.Panel>
          <Tabs.Panel value="variants" pt="md">
            <VariantsTab object={object} onOpen={onOpen} />
          </Tabs.Panel>
          <Tabs.Panel value="versions" pt="md">
            <VersionsTab object={object} />
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
              onOpen={(item) =>
                item.elementType === 'asset'
                  ? void navigate(`/assets/${item.elementId}`)
                  : onOpen(item.elementId)
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="tags" pt="md">
            <TagsTab element={element} readOnly={readOnly} />
          </Tabs.Panel>
          <Tabs.Panel value="schedule" pt="md">
            <ScheduleTab element={element} readOnly={readOnly} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('adminPimObjects.leave.title')}
      >
        <Stack gap="md">
          <Text>{t('adminPimObjects.leave.text', { name: object.key })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('adminPimObjects.leave.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('adminPimObjects.leave.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {deleting && (
        <DeleteDialog
          id={object.id}
          name={object.key}
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(false)}
          onConfirm={() => remove.mutate()}
        />
      )}
    </Paper>
  )
}
