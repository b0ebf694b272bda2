import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { EDITABLE_DOCUMENT_TYPES, type DocumentType } from '@optika/domain/cms/document-api'
import type { AddDocument } from '@optika/domain/cms/document-tree-api'
import { TEMPLATES, type TemplateDocumentType } from '@optika/domain/cms/templates'
import { LOCALES, isLocale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import { useDocTypes } from '../api/doc-types-api.ts'
import { documentKeyProblem, suggestDocumentKey } from '../model/document-key.ts'
import { templateLabel } from '../model/template-label.ts'

interface AddDocumentDialogProps {
  type: DocumentType
  parentName: string
  /** Added straight under the tree's root: a page or folder may then be a language root. */
  underRoot: boolean
  pending: boolean
  error: unknown
  onClose: () => void
  onSubmit: (input: Omit<AddDocument, 'parentId'>) => void
  /** Opens the document types' dialog (to add the one that is missing). */
  onManageDocTypes: () => void
}

function isTemplated(type: DocumentType): type is TemplateDocumentType {
  return (EDITABLE_DOCUMENT_TYPES as readonly string[]).includes(type)
}

/**
 * Adds a document of one type: a title (from which the key is proposed, as Pimcore does) and,
 * for pages, snippets and e-mails, the document type (or a bare template) it starts from.
 */
export function AddDocumentDialog(props: AddDocumentDialogProps) {
  const { type } = props
  const { t, i18n } = useTranslation()
  const templated = isTemplated(type)
  const docTypes = useDocTypes(templated ? type : null)
  const [title, setTitle] = useState('')
  const [key, setKey] = useState('')
  const [keyEdited, setKeyEdited] = useState(false)
  const [choice, setChoice] = useState<string | null>(null)
  const [language, setLanguage] = useState<string | null>(null)
  const [touched, setTouched] = useState(false)
  const offersLanguage = props.underRoot && (type === 'page' || type === 'folder')
  const problem = documentKeyProblem(key)

  const templates = templated
    ? TEMPLATES.filter((template) => (template.documentTypes as readonly string[]).includes(type))
    : []
  const options = templated
    ? [
        {
          group: t('cmsAdminTree.add.docTypes'),
          items: (docTypes.data ?? [])
            .filter((docType) => docType.type === type)
            .map((docType) => ({
              value: `docType:${docType.id}`,
              label: docType.group === '' ? docType.name : `${docType.group} › ${docType.name}`,
            })),
        },
        {
          group: t('cmsAdminTree.add.templates'),
          items: templates.map((template) => ({
            value: `template:${template.name}`,
            label: templateLabel(template.name, t, (k) => i18n.exists(k)),
          })),
        },
      ]
    : []
  const selected =
    choice ?? options.flatMap((group) => group.items).find((item) => item)?.value ?? null

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (problem !== null || (templated && selected === null)) return
    const input: Omit<AddDocument, 'parentId'> = { key: key.trim(), type }
    if (selected?.startsWith('docType:')) input.docTypeId = Number(selected.slice(8))
    if (selected?.startsWith('template:')) input.template = selected.slice(9)
    if (offersLanguage && language !== null && isLocale(language)) input.language = language
    props.onSubmit(input)
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(`cmsAdminTree.add.title.${type}`, { name: props.parentName })}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <RequestErrorAlert error={props.error} />
          <TextInput
            label={t('cmsAdminTree.add.titleField')}
            description={t('cmsAdminTree.add.titleHint')}
            value={title}
            data-autofocus
            onChange={(event) => {
              const next = event.currentTarget.value
              setTitle(next)
              if (!keyEdited) setKey(suggestDocumentKey(next))
            }}
          />
          <TextInput
            label={t('cmsAdminTree.field.key')}
            description={t('cmsAdminTree.field.keyHint')}
            value={key}
            required
            onChange={(event) => {
              setKey(event.currentTarget.value)
              setKeyEdited(true)
            }}
            error={
              touched && problem === 'required'
                ? t('admin.form.required')
                : touched && problem === 'invalid'
                  ? t('cmsAdminTree.field.keyInvalid')
                  : undefined
            }
          />
          {offersLanguage && (
            <Select
              label={t('cmsAdminTree.add.language')}
              description={t('cmsAdminTree.add.languageHint')}
              data={LOCALES.map((locale) => ({ value: locale, label: languageName(locale) }))}
              value={language}
              onChange={setLanguage}
              clearable
            />
          )}
          {templated && (
            <Stack gap={4}>
              <Select
                label={t('cmsAdminTree.add.docType')}
                data={options}
                value={selected}
                onChange={setChoice}
                allowDeselect={false}
                required
                error={touched && selected === null ? t('admin.form.required') : undefined}
              />
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={props.onManageDocTypes}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('cmsAdminTree.docTypes.manage')}
              </Button>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={props.pending}>
              {t('admin.common.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
