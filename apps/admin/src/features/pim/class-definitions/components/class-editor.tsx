import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  FileButton,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ClassExportSchema,
  type ClassDefinition,
  type ClassExport,
} from '@optika/domain/pim/class-definition'
import type { ClassRecord } from '@optika/domain/pim/class-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  classKeys,
  deleteClass,
  exportClass,
  FieldErrorsApiError,
  importClass,
  saveClass,
  useClass,
} from '../api/class-definitions-api.ts'
import { CustomLayoutsPanel } from './custom-layouts-panel.tsx'
import { LayoutEditor } from './layout-editor.tsx'

interface ClassEditorProps {
  readonly id: string
  onDeleted: () => void
  onImported: (id: string) => void
}

/** Loads a class and edits it. */
export function ClassEditor({ id, onDeleted, onImported }: ClassEditorProps) {
  const loaded = useClass(id)
  if (loaded.isPending) return <ScreenLoader />
  if (loaded.isError) return <RequestErrorAlert error={loaded.error} />
  return (
    <ClassForm
      // Not keyed by updatedAt: a save refetches the class, and the form keeps its state.
      key={loaded.data.id}
      record={loaded.data}
      onDeleted={onDeleted}
      onImported={onImported}
    />
  )
}

function ClassForm({
  record,
  onDeleted,
  onImported,
}: {
  record: ClassRecord
  onDeleted: () => void
  onImported: (id: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [name, setName] = useState(record.name)
  const [definition, setDefinition] = useState<ClassDefinition>(record.definition)
  const [saved, setSaved] = useState(false)
  const [exported, setExported] = useState<ClassExport | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [importError, setImportError] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: () => saveClass({ id: record.id, name, definition }),
    onSuccess: async () => {
      setSaved(true)
      await queryClient.invalidateQueries({ queryKey: classKeys.all })
    },
    onError: () => setSaved(false),
  })
  const exporting = useMutation({
    mutationFn: () => exportClass(record.id),
    onSuccess: setExported,
  })
  const removing = useMutation({
    mutationFn: () => deleteClass(record.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: classKeys.tree })
      onDeleted()
    },
  })
  const importing = useMutation({
    mutationFn: async (data: ClassExport) => ({ data, result: await importClass(data) }),
    onSuccess: async ({ data, result }) => {
      if (result.id === record.id) {
        setName(data.name)
        setDefinition(data.definition)
      }
      await queryClient.invalidateQueries({ queryKey: classKeys.all })
      onImported(result.id)
    },
  })

  const submit = () => {
    if (!save.isPending) save.mutate()
  }
  useHotkeys([['mod+S', submit]], [])

  const change = (next: Partial<ClassDefinition>) => {
    setSaved(false)
    setDefinition((current) => ({ ...current, ...next }))
  }

  const readImport = async (file: File | null) => {
    setImportError(null)
    if (!file) return
    try {
      const parsed = ClassExportSchema.safeParse(JSON.parse(await file.text()))
      if (!parsed.success) throw new Error('invalid')
      importing.mutate(parsed.data)
    } catch {
      setImportError(t('adminPimClasses.editor.importInvalid'))
    }
  }

  const exportText = useMemo(
    () => (exported === null ? '' : JSON.stringify(exported, null, 2)),
    [exported],
  )
  // A data: URL needs no cleanup, unlike an object URL; class exports are small.
  const exportUrl =
    exportText === ''
      ? null
      : `data:application/json;charset=utf-8,${encodeURIComponent(exportText)}`

  const fieldErrors = save.error instanceof FieldErrorsApiError ? save.error.errors : []

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2}>{t('adminPimClasses.editor.heading', { name: record.name })}</Title>
          <Text size="sm" c="dimmed">
            {record.id} · {t('adminPimClasses.editor.shortcut')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button onClick={submit} loading={save.isPending}>
            {t('adminPimClasses.editor.save')}
          </Button>
          <Button
            variant="default"
            onClick={() => exporting.mutate()}
            loading={exporting.isPending}
          >
            {t('adminPimClasses.editor.export')}
          </Button>
          <FileButton onChange={(file) => void readImport(file)} accept="application/json,.json">
            {(props) => (
              <Button variant="default" loading={importing.isPending} {...props}>
                {t('adminPimClasses.editor.import')}
              </Button>
            )}
          </FileButton>
          <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
            {t('adminPimClasses.editor.delete')}
          </Button>
        </Group>
      </Group>

      {saved && (
        <Alert color="green" role="status">
          {t('adminPimClasses.editor.saved')}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" role="alert" title={t('adminPimClasses.editor.errors')}>
          <Text size="sm">{save.error.message}</Text>
          {fieldErrors.length > 0 && (
            <List size="sm">
              {fieldErrors.map((error, index) => (
                <List.Item key={index}>
                  <Code>{error.path}</Code> {error.message}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {importError !== null && (
        <Alert color="red" role="alert">
          {importError}
        </Alert>
      )}
      <RequestErrorAlert error={importing.error ?? exporting.error ?? removing.error} />

      <Tabs defaultValue="layout" keepMounted={false}>
        <Tabs.List aria-label={t('adminPimClasses.editor.sections')}>
          <Tabs.Tab value="layout">{t('adminPimClasses.editor.layoutTab')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('adminPimClasses.editor.settingsTab')}</Tabs.Tab>
          <Tabs.Tab value="custom">{t('adminPimClasses.editor.customLayoutsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="layout" pt="md">
          <LayoutEditor layout={definition.layout} onChange={(layout) => change({ layout })} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('adminPimClasses.add.name')}
                  required
                  value={name}
                  onChange={(e) => {
                    setSaved(false)
                    setName(e.currentTarget.value)
                  }}
                />
                <TextInput
                  label={t('adminPimClasses.settings.group')}
                  value={definition.group ?? ''}
                  onChange={(e) => change({ group: e.currentTarget.value || undefined })}
                />
                <TextInput
                  label={t('adminPimClasses.settings.icon')}
                  value={definition.icon ?? ''}
                  onChange={(e) => change({ icon: e.currentTarget.value || undefined })}
                />
                <TextInput
                  label={t('adminPimClasses.settings.description')}
                  value={definition.description ?? ''}
                  onChange={(e) => change({ description: e.currentTarget.value || undefined })}
                />
              </SimpleGrid>
              <Checkbox
                label={t('adminPimClasses.settings.allowVariants')}
                checked={definition.allowVariants}
                onChange={(e) => change({ allowVariants: e.currentTarget.checked })}
              />
              <Checkbox
                label={t('adminPimClasses.settings.allowInherit')}
                checked={definition.allowInherit}
                onChange={(e) => change({ allowInherit: e.currentTarget.checked })}
              />
            </Stack>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="custom" pt="md">
          <CustomLayoutsPanel classId={record.id} classLayout={definition.layout} />
        </Tabs.Panel>
      </Tabs>

      <Modal
        opened={exported !== null}
        onClose={() => setExported(null)}
        title={t('adminPimClasses.editor.exportTitle', { name: record.name })}
        size="xl"
      >
        <Stack gap="sm">
          {exportUrl !== null && (
            <Anchor href={exportUrl} download={`class_${record.id}_export.json`}>
              {t('adminPimClasses.editor.download')}
            </Anchor>
          )}
          <Code block aria-label={t('adminPimClasses.editor.exportTitle', { name: record.name })}>
            {exportText}
          </Code>
        </Stack>
      </Modal>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('adminPimClasses.editor.delete')}
      >
        <Stack gap="md">
          <Text>{t('adminPimClasses.editor.deleteConfirm', { name: record.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('adminPimClasses.common.cancel')}
            </Button>
            <Button color="red" loading={removing.isPending} onClick={() => removing.mutate()}>
              {t('adminPimClasses.common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
