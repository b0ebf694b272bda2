import { Alert, Checkbox, Paper, Stack, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { HardlinkSettingsSchema } from '@optika/domain/cms/document-api'
import type { SaveDocumentTask } from '@optika/domain/cms/document-save-api'
import type { DocumentData } from '@optika/domain/cms/document-tree-api'
import { ApiError } from '../../../../lib/api-client.ts'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useSaveDocumentSettings } from '../api/document-settings-api.ts'
import { getIdForPath, useDocument } from '../api/documents-api.ts'
import { SettingsActions } from './settings-actions.tsx'

/**
 * A hardlink's settings (Pimcore's hardlink editor): the source document whose content (and, if
 * chosen, children and properties) the storefront shows under the hardlink's own path. A source
 * that leads back to the hardlink is refused by the server.
 */
export function HardlinkEditor({ document }: { document: DocumentData }) {
  const { t } = useTranslation()
  const stored = HardlinkSettingsSchema.safeParse(document.settings)
  const initial = stored.success ? stored.data : HardlinkSettingsSchema.parse({})
  const source = useDocument(initial.sourceId ?? document.id)
  const [path, setPath] = useState<string | null>(null)
  const [childrenFromSource, setChildren] = useState(initial.childrenFromSource)
  const [propertiesFromSource, setProperties] = useState(initial.propertiesFromSource)
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState<SaveDocumentTask | null>(null)
  const save = useSaveDocumentSettings()
  const shownPath =
    path ?? (initial.sourceId !== null && source.data !== undefined ? source.data.path : '')

  async function settingsToSave() {
    if (shownPath.trim() === '') return { sourceId: null, childrenFromSource, propertiesFromSource }
    const target = await getIdForPath(shownPath.trim()).catch(() => null)
    if (target === null) throw new Error(t('cmsAdminTree.link.noSuchDocument', { path: shownPath }))
    return { sourceId: target.id, childrenFromSource, propertiesFromSource }
  }

  function run(task: SaveDocumentTask) {
    setProblem(null)
    setPending(task)
    settingsToSave()
      .then((settings) => save.mutateAsync({ id: document.id, type: 'hardlink', task, settings }))
      .catch((error: unknown) => {
        // The server's refusals show through `save.error`; the form's own checks here.
        if (!(error instanceof ApiError) && error instanceof Error) setProblem(error.message)
      })
      .finally(() => setPending(null))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    run('publish')
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="hardlink-editor-title"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={3} size="h4" id="hardlink-editor-title">
            {t('cmsAdminTree.hardlink.title')}
          </Title>
          <RequestErrorAlert error={save.error} />
          {problem !== null && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {save.isSuccess && pending === null && (
            <Alert color="green" role="status">
              {t('admin.common.saved')}
            </Alert>
          )}
          <TextInput
            label={t('cmsAdminTree.hardlink.source')}
            description={t('cmsAdminTree.link.documentPathHint')}
            value={shownPath}
            onChange={(event) => setPath(event.currentTarget.value)}
          />
          <Checkbox
            label={t('cmsAdminTree.hardlink.children')}
            checked={childrenFromSource}
            onChange={(event) => setChildren(event.currentTarget.checked)}
          />
          <Checkbox
            label={t('cmsAdminTree.hardlink.properties')}
            checked={propertiesFromSource}
            onChange={(event) => setProperties(event.currentTarget.checked)}
          />
          <SettingsActions
            published={document.published}
            pending={pending}
            canPublish={document.permissions.publish}
            canUnpublish={document.permissions.unpublish}
            onSave={run}
          />
        </Stack>
      </form>
    </Paper>
  )
}
