import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { DocumentData } from '@optika/domain/cms/document-tree-api'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { addDocument, useDocument } from '../api/documents-api.ts'
import {
  addTranslation,
  checkTranslationLanguage,
  determineTranslationParent,
  useTranslationActions,
} from '../api/translations-api.ts'
import { documentKeyProblem } from '../model/document-key.ts'
import type { PanelTab } from './document-panel.tsx'

type Dialog = { kind: 'new'; language: Locale } | { kind: 'link'; language: Locale }

/**
 * A document's translations (Pimcore's translation links): for every other language the linked
 * document, to open or unlink; where none is linked, link an existing document by its path or
 * create the translation — a document of the same type and template under the translation of
 * its parent, linked at once.
 */
export function TranslationsPanel({
  document,
  onOpen,
}: {
  document: DocumentData
  onOpen: (id: number, tab?: PanelTab) => void
}) {
  const { t } = useTranslation()
  const actions = useTranslationActions()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const own = document.language
  if (own === null) {
    return (
      <Alert color="yellow" role="status">
        {t('cmsAdminTree.translations.noLanguage')}
      </Alert>
    )
  }
  const others = LOCALES.filter((locale) => locale !== own)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="translations-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="translations-title">
          {t('cmsAdminTree.translations.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('cmsAdminTree.translations.intro', { language: languageName(own) })}
        </Text>
        <RequestErrorAlert error={actions.remove.error} />
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('cmsAdminTree.translations.language')}</Table.Th>
                <Table.Th scope="col">{t('cmsAdminTree.translations.document')}</Table.Th>
                <Table.Th scope="col">{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {others.map((locale) => {
                const linkedId = document.translations[locale]
                return (
                  <Table.Tr key={locale} data-language={locale}>
                    <Table.Th scope="row" fw={500}>
                      {languageName(locale)}
                    </Table.Th>
                    {linkedId === undefined ? (
                      <>
                        <Table.Td>
                          <Text size="sm" c="dimmed">
                            {t('cmsAdminTree.translations.none')}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="wrap">
                            <Button
                              size="compact-sm"
                              onClick={() => setDialog({ kind: 'new', language: locale })}
                              aria-label={t('cmsAdminTree.translations.newIn', {
                                language: languageName(locale),
                              })}
                            >
                              {t('cmsAdminTree.translations.new')}
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() => setDialog({ kind: 'link', language: locale })}
                              aria-label={t('cmsAdminTree.translations.linkIn', {
                                language: languageName(locale),
                              })}
                            >
                              {t('cmsAdminTree.translations.link')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </>
                    ) : (
                      <LinkedTranslation
                        id={linkedId}
                        language={locale}
                        pending={actions.remove.isPending}
                        onOpen={() => onOpen(linkedId)}
                        onUnlink={() =>
                          actions.remove.mutate({ sourceId: document.id, targetId: linkedId })
                        }
                      />
                    )}
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {dialog?.kind === 'new' && (
        <NewTranslationDialog
          document={document}
          language={dialog.language}
          onClose={() => setDialog(null)}
          onCreated={(id) => {
            setDialog(null)
            void actions.refresh()
            onOpen(id)
          }}
        />
      )}
      {dialog?.kind === 'link' && (
        <LinkTranslationDialog
          document={document}
          language={dialog.language}
          onClose={() => setDialog(null)}
          onLinked={() => {
            setDialog(null)
            void actions.refresh()
          }}
        />
      )}
    </Paper>
  )
}

function LinkedTranslation({
  id,
  language,
  pending,
  onOpen,
  onUnlink,
}: {
  id: number
  language: Locale
  pending: boolean
  onOpen: () => void
  onUnlink: () => void
}) {
  const { t } = useTranslation()
  const linked = useDocument(id)
  const label = linked.data?.path ?? `#${id}`
  return (
    <>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{label}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={onOpen}
            aria-label={t('cmsAdminTree.translations.openIn', { language: languageName(language) })}
          >
            {t('cmsAdminTree.action.open')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={pending}
            onClick={onUnlink}
            aria-label={t('cmsAdminTree.translations.unlinkIn', {
              language: languageName(language),
            })}
          >
            {t('cmsAdminTree.translations.unlink')}
          </Button>
        </Group>
      </Table.Td>
    </>
  )
}

/** Creates the translation: same type, document type or template and key, under the parent's translation. */
function NewTranslationDialog({
  document,
  language,
  onClose,
  onCreated,
}: {
  document: DocumentData
  language: Locale
  onClose: () => void
  onCreated: (id: number) => void
}) {
  const { t } = useTranslation()
  const [key, setKey] = useState(document.key)
  const [touched, setTouched] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const keyProblem = documentKeyProblem(key)

  async function create() {
    const parent = await determineTranslationParent(document.id, language)
    if (!parent.success || parent.targetId === null) {
      setProblem(t('cmsAdminTree.translations.noParent', { language: languageName(language) }))
      return
    }
    const added = await addDocument({
      parentId: parent.targetId,
      key: key.trim(),
      type: document.type,
      ...(document.docTypeId !== null
        ? { docTypeId: document.docTypeId }
        : document.template !== null
          ? { template: document.template }
          : {}),
    })
    await addTranslation({ sourceId: document.id, targetId: added.id })
    onCreated(added.id)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (keyProblem !== null) return
    setError(null)
    setProblem(null)
    setPending(true)
    create()
      .catch(setError)
      .finally(() => setPending(false))
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cmsAdminTree.translations.newIn', { language: languageName(language) })}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <RequestErrorAlert error={error} />
          {problem !== null && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Text size="sm">{t('cmsAdminTree.translations.newIntro')}</Text>
          <TextInput
            label={t('cmsAdminTree.field.key')}
            description={t('cmsAdminTree.field.keyHint')}
            value={key}
            required
            data-autofocus
            onChange={(event) => setKey(event.currentTarget.value)}
            error={
              touched && keyProblem === 'required'
                ? t('admin.form.required')
                : touched && keyProblem === 'invalid'
                  ? t('cmsAdminTree.field.keyInvalid')
                  : undefined
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('cmsAdminTree.translations.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** Links an existing document (by its path) as the translation in one language. */
function LinkTranslationDialog({
  document,
  language,
  onClose,
  onLinked,
}: {
  document: DocumentData
  language: Locale
  onClose: () => void
  onLinked: () => void
}) {
  const { t } = useTranslation()
  const [path, setPath] = useState(`/${language}/`)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [problem, setProblem] = useState<string | null>(null)

  async function link() {
    const checked = await checkTranslationLanguage(path.trim())
    if (!checked.success) {
      setProblem(t('cmsAdminTree.link.noSuchDocument', { path }))
      return
    }
    if (checked.language !== language) {
      setProblem(
        t('cmsAdminTree.translations.wrongLanguage', {
          path,
          language: languageName(language),
        }),
      )
      return
    }
    await addTranslation({ sourceId: document.id, targetPath: path.trim() })
    onLinked()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (path.trim() === '') return
    setError(null)
    setProblem(null)
    setPending(true)
    link()
      .catch(setError)
      .finally(() => setPending(false))
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cmsAdminTree.translations.linkIn', { language: languageName(language) })}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <RequestErrorAlert error={error} />
          {problem !== null && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label={t('cmsAdminTree.link.documentPath')}
            description={t('cmsAdminTree.link.documentPathHint')}
            value={path}
            required
            data-autofocus
            onChange={(event) => setPath(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('cmsAdminTree.translations.link')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
