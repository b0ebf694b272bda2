import {
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { EDITABLE_DOCUMENT_TYPES } from '@optika/domain/cms/document-api'
import type { DocType } from '@optika/domain/cms/document-tree-api'
import { TEMPLATES, type TemplateDocumentType } from '@optika/domain/cms/templates'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useDocTypeActions, useDocTypes } from '../api/doc-types-api.ts'
import { templateLabel } from '../model/template-label.ts'

type Editing = { kind: 'new' } | { kind: 'edit'; docType: DocType } | null

/**
 * The document types (Pimcore's predefined document types): named templates for new pages,
 * snippets and e-mails, grouped and ordered by priority in the "add" dialog. Lists, adds,
 * changes and deletes them; a document made from a deleted type keeps its template.
 */
export function DocTypesDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const list = useDocTypes(null)
  const actions = useDocTypeActions()
  const [editing, setEditing] = useState<Editing>(null)
  return (
    <Modal opened onClose={onClose} title={t('cmsAdminTree.docTypes.title')} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('cmsAdminTree.docTypes.intro')}
        </Text>
        <RequestErrorAlert error={list.error ?? actions.remove.error} />
        {list.data === undefined ? (
          list.isPending && <Loader size="sm" role="status" aria-label={t('admin.loading')} />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('cmsAdminTree.docTypes.name')}</Table.Th>
                  <Table.Th scope="col">{t('cmsAdminTree.docTypes.group')}</Table.Th>
                  <Table.Th scope="col">{t('cmsAdminTree.docTypes.type')}</Table.Th>
                  <Table.Th scope="col">{t('cmsAdminTree.docTypes.template')}</Table.Th>
                  <Table.Th scope="col">{t('cmsAdminTree.docTypes.priority')}</Table.Th>
                  <Table.Th scope="col">{t('admin.common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="dimmed">
                        {t('cmsAdminTree.docTypes.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {list.data.map((docType) => (
                  <Table.Tr key={docType.id}>
                    <Table.Th scope="row" fw={500}>
                      {docType.name}
                    </Table.Th>
                    <Table.Td>{docType.group}</Table.Td>
                    <Table.Td>{t(`cmsAdminTree.type.${docType.type}`)}</Table.Td>
                    <Table.Td>{templateLabel(docType.template, t, (k) => i18n.exists(k))}</Table.Td>
                    <Table.Td>{docType.priority}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="default"
                          aria-label={t('cmsAdminTree.docTypes.editNamed', { name: docType.name })}
                          onClick={() => setEditing({ kind: 'edit', docType })}
                        >
                          {t('cmsAdminTree.docTypes.edit')}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('cmsAdminTree.docTypes.deleteNamed', {
                            name: docType.name,
                          })}
                          loading={
                            actions.remove.isPending && actions.remove.variables === docType.id
                          }
                          onClick={() => actions.remove.mutate(docType.id)}
                        >
                          {t('admin.common.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {editing === null ? (
          <Group justify="space-between">
            <Button onClick={() => setEditing({ kind: 'new' })}>
              {t('cmsAdminTree.docTypes.add')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('admin.common.done')}
            </Button>
          </Group>
        ) : (
          <DocTypeForm
            key={editing.kind === 'edit' ? editing.docType.id : 'new'}
            docType={editing.kind === 'edit' ? editing.docType : null}
            onDone={() => setEditing(null)}
          />
        )}
      </Stack>
    </Modal>
  )
}

function DocTypeForm({ docType, onDone }: { docType: DocType | null; onDone: () => void }) {
  const { t, i18n } = useTranslation()
  const actions = useDocTypeActions()
  const [name, setName] = useState(docType?.name ?? '')
  const [group, setGroup] = useState(docType?.group ?? '')
  const [type, setType] = useState<TemplateDocumentType>(docType?.type ?? 'page')
  const [template, setTemplate] = useState<string | null>(docType?.template ?? null)
  const [priority, setPriority] = useState<number>(docType?.priority ?? 0)
  const [touched, setTouched] = useState(false)
  const templates = TEMPLATES.filter((entry) =>
    (entry.documentTypes as readonly string[]).includes(type),
  )
  const chosen = templates.some((entry) => entry.name === template) ? template : null
  const mutation = docType === null ? actions.create : actions.update

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (name.trim() === '' || chosen === null) return
    const input = { name: name.trim(), group: group.trim(), type, template: chosen, priority }
    if (docType === null) actions.create.mutate(input, { onSuccess: onDone })
    else actions.update.mutate({ id: docType.id, ...input }, { onSuccess: onDone })
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="doc-type-form-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="doc-type-form-title">
          {docType === null
            ? t('cmsAdminTree.docTypes.add')
            : t('cmsAdminTree.docTypes.editNamed', { name: docType.name })}
        </Title>
        <RequestErrorAlert error={mutation.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('cmsAdminTree.docTypes.name')}
            value={name}
            required
            data-autofocus
            onChange={(event) => setName(event.currentTarget.value)}
            error={touched && name.trim() === '' ? t('admin.form.required') : undefined}
          />
          <TextInput
            label={t('cmsAdminTree.docTypes.group')}
            value={group}
            onChange={(event) => setGroup(event.currentTarget.value)}
          />
          <Select
            label={t('cmsAdminTree.docTypes.type')}
            data={EDITABLE_DOCUMENT_TYPES.map((value) => ({
              value,
              label: t(`cmsAdminTree.type.${value}`),
            }))}
            value={type}
            allowDeselect={false}
            onChange={(value) => setType(value === 'snippet' || value === 'email' ? value : 'page')}
          />
          <Select
            label={t('cmsAdminTree.docTypes.template')}
            data={templates.map((entry) => ({
              value: entry.name,
              label: templateLabel(entry.name, t, (k) => i18n.exists(k)),
            }))}
            value={chosen}
            required
            onChange={setTemplate}
            error={touched && chosen === null ? t('admin.form.required') : undefined}
          />
          <NumberInput
            label={t('cmsAdminTree.docTypes.priority')}
            description={t('cmsAdminTree.docTypes.priorityHint')}
            value={priority}
            min={-1000}
            max={1000}
            allowDecimal={false}
            onChange={(value) => setPriority(typeof value === 'number' ? value : 0)}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('admin.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
