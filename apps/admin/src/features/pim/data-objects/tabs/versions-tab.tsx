import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ObjectDetail } from '@optika/domain/pim/object-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useVersions } from '../../../elements/api/element-api.ts'
import { pickVersions } from '../../../elements/model/version-selection.ts'
import {
  objectKeys,
  publishVersion,
  useVersionDiff,
  useVersionPreview,
} from '../api/objects-api.ts'
import { LayoutRenderer } from '../components/layout-renderer.tsx'
import { EditorContext } from '../model/editor-context.ts'
import { summarizeValue } from '../model/layout-model.ts'

/** The element's versions: compare two, preview one, publish one. */
export function VersionsTab({ object }: { object: ObjectDetail }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const versions = useVersions({ elementType: 'object', elementId: object.id })
  const [selected, setSelected] = useState<number[]>([])
  const [previewId, setPreviewId] = useState<number | null>(null)
  const publish = useMutation({
    mutationFn: publishVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: objectKeys.all }),
  })
  const [from, to] = pickVersions(selected, versions.data ?? [])
  if (versions.isPending) return <ScreenLoader />
  const format = (date: string) => new Date(date).toLocaleString(i18n.language)
  return (
    <Stack gap="md">
      <RequestErrorAlert error={versions.error ?? publish.error} />
      <Text size="sm" c="dimmed">
        {t('adminPimObjects.versions.hint')}
      </Text>
      <Table striped aria-label={t('adminPimObjects.tab.versions')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminPimObjects.versions.compare')}</Table.Th>
            <Table.Th>{t('adminPimObjects.versions.number')}</Table.Th>
            <Table.Th>{t('adminPimObjects.versions.date')}</Table.Th>
            <Table.Th>{t('adminPimObjects.versions.user')}</Table.Th>
            <Table.Th>{t('adminPimObjects.versions.note')}</Table.Th>
            <Table.Th>{t('admin.common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(versions.data ?? []).map((version) => (
            <Table.Tr key={version.id}>
              <Table.Td>
                <Checkbox
                  aria-label={t('adminPimObjects.versions.select', {
                    number: version.versionCount,
                  })}
                  checked={selected.includes(version.id)}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked
                    setSelected((current) =>
                      checked
                        ? [...current.filter((id) => id !== version.id), version.id].slice(-2)
                        : current.filter((id) => id !== version.id),
                    )
                  }}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {version.versionCount}
                  {version.current && (
                    <Badge size="xs" variant="dot" color="teal">
                      {t('adminPimObjects.status.published')}
                    </Badge>
                  )}
                  {version.autoSave && (
                    <Badge size="xs" variant="dot">
                      {t('adminPimObjects.versions.autoSave')}
                    </Badge>
                  )}
                  {version.scheduled !== null && (
                    <Badge size="xs" variant="dot" color="grape">
                      {t('adminPimObjects.versions.scheduled', { date: format(version.scheduled) })}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{format(version.date)}</Table.Td>
              <Table.Td>{version.userName ?? '—'}</Table.Td>
              <Table.Td>{version.note}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setPreviewId(previewId === version.id ? null : version.id)}
                  >
                    {t('adminPimObjects.versions.preview')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    disabled={!object.permissions.publish}
                    loading={publish.isPending && publish.variables === version.id}
                    onClick={() => publish.mutate(version.id)}
                  >
                    {t('adminPimObjects.versions.publish', { number: version.versionCount })}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {from !== null && to !== null && <VersionDiffView from={from} to={to} />}
      {previewId !== null && <VersionPreviewView versionId={previewId} />}
    </Stack>
  )
}

function VersionDiffView({ from, to }: { from: number; to: number }) {
  const { t } = useTranslation()
  const diff = useVersionDiff(from, to)
  if (diff.isPending) return <ScreenLoader />
  if (diff.isError) return <RequestErrorAlert error={diff.error} />
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="version-diff-title">
      <Title order={3} size="h5" id="version-diff-title" mb="sm">
        {t('adminPimObjects.versions.diffTitle', {
          from: diff.data.from.versionCount,
          to: diff.data.to.versionCount,
        })}
      </Title>
      <Table aria-labelledby="version-diff-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminPimObjects.versions.field')}</Table.Th>
            <Table.Th>
              {t('adminPimObjects.versions.version', { number: diff.data.from.versionCount })}
            </Table.Th>
            <Table.Th>
              {t('adminPimObjects.versions.version', { number: diff.data.to.versionCount })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {diff.data.fields.map((row) => (
            <Table.Tr
              key={`${row.field}-${row.language ?? ''}`}
              bg={row.changed ? 'var(--mantine-color-yellow-light)' : undefined}
              data-changed={row.changed}
            >
              <Table.Th scope="row">
                {row.title}
                {row.language !== undefined && ` (${row.language.toUpperCase()})`}
                {row.changed && (
                  <Badge ml={6} size="xs" variant="dot" color="yellow">
                    {t('adminPimObjects.versions.changed')}
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>{summarizeValue(row.from)}</Table.Td>
              <Table.Td>{summarizeValue(row.to)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}

function VersionPreviewView({ versionId }: { versionId: number }) {
  const { t } = useTranslation()
  const preview = useVersionPreview(versionId)
  if (preview.isPending) return <ScreenLoader />
  if (preview.isError) return <RequestErrorAlert error={preview.error} />
  const version = preview.data
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="version-preview-title"
    >
      <Title order={3} size="h5" id="version-preview-title" mb="sm">
        {t('adminPimObjects.versions.previewTitle', { number: version.versionCount })}
      </Title>
      <EditorContext
        value={{
          data: version.data,
          inherited: {},
          errors: {},
          readOnly: true,
          classId: version.classId ?? '',
          elementId: version.elementId,
          setValue: () => undefined,
          openElement: () => undefined,
        }}
      >
        <LayoutRenderer nodes={version.layout} basePath={[]} />
      </EditorContext>
    </Paper>
  )
}
