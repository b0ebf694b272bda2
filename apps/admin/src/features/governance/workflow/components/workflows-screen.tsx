import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import type { WorkflowDefinitionSummary } from '@optika/domain/elements/workflow'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  useDeleteWorkflowDefinition,
  useWorkflowDefinition,
  useWorkflowDefinitions,
  useWorkflowEditorOptions,
} from '../api/workflow-api.ts'
import { typeKeyOf } from '../model/definition-draft.ts'
import { DefinitionEditor } from './definition-editor.tsx'

/**
 * /admin/workflows — the workflow definitions: a list searched as you type
 * (/admin/workflows), a new one (/admin/workflows/new) and one to edit (/admin/workflows/<id>).
 */
export function WorkflowsScreen() {
  const rest = useParams()['*'] ?? ''
  const navigate = useNavigate()
  const [notice, setNotice] = useState('')
  const { t } = useTranslation()
  if (rest === 'new' || /^\d+$/.test(rest)) {
    return (
      <EditorRoute
        id={rest === 'new' ? null : Number(rest)}
        onSaved={(id, created) => {
          if (created) void navigate(`/workflows/${id}`, { replace: true })
        }}
      />
    )
  }
  return (
    <DefinitionList
      notice={notice}
      onNotice={setNotice}
      onDeleted={(name) => setNotice(t('workflow.screen.deleted', { name }))}
    />
  )
}

function EditorRoute({
  id,
  onSaved,
}: {
  id: number | null
  onSaved: (id: number, created: boolean) => void
}) {
  const definition = useWorkflowDefinition(id)
  const options = useWorkflowEditorOptions()
  if (options.isPending || (id !== null && definition.isPending)) return <ScreenLoader />
  if (options.isError) return <RequestErrorAlert error={options.error} />
  if (id !== null && definition.isError) return <RequestErrorAlert error={definition.error} />
  return (
    <DefinitionEditor
      key={id ?? 'new'}
      definition={id === null ? null : (definition.data ?? null)}
      options={options.data}
      onSaved={(saved, created) => onSaved(saved.id, created)}
    />
  )
}

/** What a definition runs on: its classes, asset types and document types. */
function SupportsSummary({ definition }: { definition: WorkflowDefinitionSummary }) {
  const { t } = useTranslation()
  const { objectClasses, assetTypes, documentTypes } = definition.supports
  const parts = [
    ...objectClasses,
    ...assetTypes.map((type) => t('workflow.screen.list.assetType', { type })),
    ...documentTypes.map((type) => t('workflow.screen.list.documentType', { type })),
  ]
  return <>{parts.length === 0 ? t('workflow.screen.list.supportsNothing') : parts.join(', ')}</>
}

function DefinitionList({
  notice,
  onNotice,
  onDeleted,
}: {
  notice: string
  onNotice: (notice: string) => void
  onDeleted: (name: string) => void
}) {
  const { t } = useTranslation()
  const { dateTime } = useFormats()
  const [search, setSearch] = useState('')
  const [text] = useDebouncedValue(search.trim(), 250)
  const definitions = useWorkflowDefinitions(text)
  const destroy = useDeleteWorkflowDefinition()
  const [deleting, setDeleting] = useState<WorkflowDefinitionSummary | null>(null)
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.workflows')}
        description={t('admin.screen.workflows.description')}
      />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('workflow.screen.list.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 14rem', minWidth: 0 }}
          maxLength={120}
        />
        <Button component={Link} to="/workflows/new">
          {t('workflow.screen.list.add')}
        </Button>
      </Group>
      <div role="status">
        {notice !== '' && (
          <Alert
            color="green"
            withCloseButton
            closeButtonLabel={t('workflow.panel.dialog.close')}
            onClose={() => onNotice('')}
          >
            {notice}
          </Alert>
        )}
      </div>
      <RequestErrorAlert error={destroy.error} />
      {definitions.isPending ? (
        <ScreenLoader />
      ) : definitions.isError ? (
        <RequestErrorAlert error={definitions.error} />
      ) : definitions.data.length === 0 ? (
        <Text c="dimmed">
          {text === '' ? t('workflow.screen.list.empty') : t('workflow.screen.list.noMatch')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder aria-label={t('admin.nav.workflows')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('workflow.screen.list.column.label')}</Table.Th>
                <Table.Th>{t('workflow.screen.list.column.type')}</Table.Th>
                <Table.Th>{t('workflow.screen.list.column.supports')}</Table.Th>
                <Table.Th>{t('workflow.screen.list.column.size')}</Table.Th>
                <Table.Th>{t('workflow.screen.list.column.elements')}</Table.Th>
                <Table.Th>{t('workflow.screen.list.column.modified')}</Table.Th>
                <Table.Th>{t('workflow.screen.list.column.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {definitions.data.map((definition) => (
                <Table.Tr key={definition.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Anchor component={Link} to={`/workflows/${definition.id}`} fw={600}>
                        {definition.label}
                      </Anchor>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {definition.name}
                      </Text>
                      {!definition.enabled && (
                        <Badge color="gray" size="sm" variant="outline">
                          {t('workflow.screen.list.disabled')}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" style={{ textTransform: 'none' }}>
                      {t(`workflow.screen.type.${typeKeyOf(definition.type)}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <SupportsSummary definition={definition} />
                  </Table.Td>
                  <Table.Td>
                    {t('workflow.screen.list.size', {
                      places: definition.placeCount,
                      transitions: definition.transitionCount,
                    })}
                  </Table.Td>
                  <Table.Td>{definition.elementCount}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {dateTime(definition.modifiedAt)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={`/workflows/${definition.id}`}
                        aria-label={`${t('workflow.screen.list.edit')}: ${definition.label}`}
                      >
                        {t('workflow.screen.list.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t('workflow.screen.list.deleteNamed', {
                          name: definition.label,
                        })}
                        onClick={() => {
                          onNotice('')
                          setDeleting(definition)
                        }}
                      >
                        {t('workflow.screen.list.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('workflow.screen.list.delete')}
        closeButtonProps={{ 'aria-label': t('workflow.panel.dialog.close') }}
      >
        {deleting !== null && (
          <Stack gap="md">
            <Text>
              {t('workflow.screen.list.deleteConfirm', {
                name: deleting.label,
                count: deleting.elementCount,
              })}
            </Text>
            <Group>
              <Button
                color="red"
                data-autofocus
                loading={destroy.isPending}
                onClick={() =>
                  destroy.mutate(deleting.id, {
                    onSuccess: () => {
                      onDeleted(deleting.label)
                      setDeleting(null)
                    },
                    onError: () => setDeleting(null),
                  })
                }
              >
                {t('workflow.screen.list.delete')}
              </Button>
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('workflow.panel.dialog.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
