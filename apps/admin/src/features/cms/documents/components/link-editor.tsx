import { Alert, NumberInput, Paper, Radio, Select, Stack, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { LinkSettingsSchema } from '@optika/domain/cms/document-api'
import type { SaveDocumentTask } from '@optika/domain/cms/document-save-api'
import type { DocumentData } from '@optika/domain/cms/document-tree-api'
import { ApiError } from '../../../../lib/api-client.ts'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useSaveDocumentSettings } from '../api/document-settings-api.ts'
import { getIdForPath, useDocument } from '../api/documents-api.ts'
import { SettingsActions } from './settings-actions.tsx'

type ElementType = 'document' | 'asset' | 'object'

/**
 * A link document's settings (Pimcore's link editor): an internal target — a document by its
 * path, an asset or an object by id — or a direct URL; the storefront redirects to it.
 */
export function LinkEditor({ document }: { document: DocumentData }) {
  const { t } = useTranslation()
  const stored = LinkSettingsSchema.safeParse(document.settings)
  const initial = stored.success ? stored.data : LinkSettingsSchema.parse({})
  const [linkType, setLinkType] = useState(initial.linkType)
  const [elementType, setElementType] = useState<ElementType>(initial.internal?.type ?? 'document')
  const [elementId, setElementId] = useState<number | ''>(
    initial.internal !== null && initial.internal.type !== 'document' ? initial.internal.id : '',
  )
  const targetDocument = useDocument(
    initial.internal?.type === 'document' ? initial.internal.id : document.id,
  )
  const [path, setPath] = useState<string | null>(null)
  const [direct, setDirect] = useState(initial.direct)
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState<SaveDocumentTask | null>(null)
  const save = useSaveDocumentSettings()
  const shownPath =
    path ??
    (initial.internal?.type === 'document' && targetDocument.data !== undefined
      ? targetDocument.data.path
      : '')

  async function settingsToSave() {
    if (linkType === 'direct') {
      if (direct.trim() === '') throw new Error(t('admin.form.required'))
      return { linkType, internal: null, direct: direct.trim() }
    }
    if (elementType === 'document') {
      if (shownPath.trim() === '') throw new Error(t('admin.form.required'))
      const target = await getIdForPath(shownPath.trim()).catch(() => null)
      if (target === null)
        throw new Error(t('cmsAdminTree.link.noSuchDocument', { path: shownPath }))
      return { linkType, internal: { type: 'document', id: target.id }, direct: '' }
    }
    if (elementId === '') throw new Error(t('admin.form.required'))
    return { linkType, internal: { type: elementType, id: elementId }, direct: '' }
  }

  function run(task: SaveDocumentTask) {
    setProblem(null)
    setPending(task)
    settingsToSave()
      .then((settings) => save.mutateAsync({ id: document.id, type: 'link', task, settings }))
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
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="link-editor-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={3} size="h4" id="link-editor-title">
            {t('cmsAdminTree.link.title')}
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
          <Radio.Group
            label={t('cmsAdminTree.link.type')}
            value={linkType}
            onChange={(value) => setLinkType(value === 'direct' ? 'direct' : 'internal')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="internal" label={t('cmsAdminTree.link.internal')} />
              <Radio value="direct" label={t('cmsAdminTree.link.direct')} />
            </Stack>
          </Radio.Group>
          {linkType === 'internal' ? (
            <>
              <Select
                label={t('cmsAdminTree.link.elementType')}
                data={(['document', 'asset', 'object'] as const).map((value) => ({
                  value,
                  label: t(`cmsAdminTree.link.element.${value}`),
                }))}
                value={elementType}
                allowDeselect={false}
                onChange={(value) =>
                  setElementType(value === 'asset' || value === 'object' ? value : 'document')
                }
              />
              {elementType === 'document' ? (
                <TextInput
                  label={t('cmsAdminTree.link.documentPath')}
                  description={t('cmsAdminTree.link.documentPathHint')}
                  value={shownPath}
                  required
                  onChange={(event) => setPath(event.currentTarget.value)}
                />
              ) : (
                <NumberInput
                  label={t('cmsAdminTree.link.elementId')}
                  value={elementId}
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  required
                  onChange={(value) => setElementId(typeof value === 'number' ? value : '')}
                />
              )}
            </>
          ) : (
            <TextInput
              label={t('cmsAdminTree.link.url')}
              description={t('cmsAdminTree.link.urlHint')}
              value={direct}
              required
              type="url"
              onChange={(event) => setDirect(event.currentTarget.value)}
            />
          )}
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
