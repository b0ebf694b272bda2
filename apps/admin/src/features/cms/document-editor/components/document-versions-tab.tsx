import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { TableScroll } from '../../../elements/components/table-scroll.tsx'
import { useVersions } from '../../../elements/api/element-api.ts'
import { pickVersions } from '../../../elements/model/version-selection.ts'
import {
  loadVersionIntoSession,
  publishDocumentVersion,
  useVersionDiff,
} from '../api/document-editor-api.ts'
import { previewUrl } from '../model/preview-url.ts'
import { diffWords } from '../model/word-diff.ts'

/**
 * A document's versions: pick two to see what changed (each editable, words struck and added),
 * preview one as the shop draws it (version-to-session, as Pimcore previews a version) or
 * publish it.
 */
export function DocumentVersionsTab({
  documentId,
  mayPublish,
  readOnly,
  path,
  onChanged,
  onPreviewDone,
}: {
  documentId: number
  path: string
  mayPublish: boolean
  readOnly: boolean
  /** A version was published: the editor reloads the document. */
  onChanged: () => void
  /** A version preview closes: the editor puts its own content back into the session. */
  onPreviewDone: () => void
}) {
  const { t, i18n } = useTranslation()
  const versions = useVersions({ elementType: 'document', elementId: documentId })
  const [selected, setSelected] = useState<number[]>([])
  const publish = useMutation({ mutationFn: publishDocumentVersion, onSuccess: onChanged })
  const [previewed, setPreviewed] = useState<{ id: number; number: number; stamp: number } | null>(
    null,
  )
  const load = useMutation({
    mutationFn: (version: { id: number; number: number }) => loadVersionIntoSession(version.id),
    onSuccess: (_, version) => setPreviewed({ ...version, stamp: Date.now() }),
  })
  // Leaving the tab (or the editor) ends the preview of a version.
  const previewing = previewed !== null
  const done = useRef(onPreviewDone)
  useEffect(() => {
    done.current = onPreviewDone
  })
  useEffect(() => {
    if (!previewing) return
    return () => done.current()
  }, [previewing])
  const [from, to] = pickVersions(selected, versions.data ?? [])
  if (versions.isPending) return <ScreenLoader />
  const format = (date: string) => new Date(date).toLocaleString(i18n.language)
  return (
    <Stack gap="md">
      <RequestErrorAlert error={versions.error ?? publish.error ?? load.error} />
      <Text size="sm" c="dimmed">
        {t('cmsAdminEditor.versions.hint')}
      </Text>
      <TableScroll label={t('cmsAdminEditor.tab.versions')} minWidth={640}>
        <Table striped aria-label={t('cmsAdminEditor.tab.versions')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cmsAdminEditor.versions.compare')}</Table.Th>
              <Table.Th>{t('cmsAdminEditor.versions.number')}</Table.Th>
              <Table.Th>{t('cmsAdminEditor.versions.date')}</Table.Th>
              <Table.Th>{t('cmsAdminEditor.versions.user')}</Table.Th>
              <Table.Th>{t('cmsAdminEditor.versions.note')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(versions.data ?? []).map((version) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('cmsAdminEditor.versions.select', {
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
                  <Group gap={4} wrap="nowrap">
                    {version.versionCount}
                    {version.current && (
                      <Badge size="xs" variant="dot" color="teal">
                        {t('cmsAdminEditor.status.published')}
                      </Badge>
                    )}
                    {version.scheduled !== null && (
                      <Badge size="xs" variant="dot" color="grape">
                        {t('cmsAdminEditor.versions.scheduled', {
                          date: format(version.scheduled),
                        })}
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
                      disabled={readOnly}
                      loading={load.isPending && load.variables.id === version.id}
                      onClick={() => load.mutate({ id: version.id, number: version.versionCount })}
                    >
                      {t('cmsAdminEditor.versions.preview', { number: version.versionCount })}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={readOnly || !mayPublish}
                      loading={publish.isPending && publish.variables === version.id}
                      onClick={() => publish.mutate(version.id)}
                    >
                      {t('cmsAdminEditor.versions.publish', { number: version.versionCount })}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {from !== null && to !== null && <VersionDiffView from={from} to={to} />}
      {previewed !== null && (
        <Paper
          withBorder
          p="xs"
          radius="md"
          component="section"
          aria-labelledby="version-preview-title"
        >
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5" id="version-preview-title">
              {t('cmsAdminEditor.versions.previewTitle', { number: previewed.number })}
            </Title>
            <Button size="compact-xs" variant="subtle" onClick={() => setPreviewed(null)}>
              {t('cmsAdminEditor.versions.closePreview')}
            </Button>
          </Group>
          <iframe
            key={previewed.stamp}
            src={previewUrl(path, previewed.stamp)}
            title={t('cmsAdminEditor.versions.previewTitle', { number: previewed.number })}
            style={{ width: '100%', minHeight: '60vh', border: 0 }}
          />
        </Paper>
      )}
    </Stack>
  )
}

function VersionDiffView({ from, to }: { from: number; to: number }) {
  const { t } = useTranslation()
  const diff = useVersionDiff(from, to)
  const [onlyChanged, setOnlyChanged] = useState(true)
  if (diff.isPending) return <ScreenLoader />
  if (diff.isError) return <RequestErrorAlert error={diff.error} />
  const rows = diff.data.items.filter((row) => !onlyChanged || row.changed)
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="document-diff-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h5" id="document-diff-title">
          {t('cmsAdminEditor.versions.diffTitle', {
            from: diff.data.from.versionCount,
            to: diff.data.to.versionCount,
          })}
        </Title>
        <Checkbox
          label={t('cmsAdminEditor.versions.onlyChanged')}
          checked={onlyChanged}
          onChange={(event) => setOnlyChanged(event.currentTarget.checked)}
        />
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cmsAdminEditor.versions.noChanges')}
        </Text>
      ) : (
        <Stack gap="sm" component="dl" m={0}>
          {rows.map((row) => (
            <div key={row.name} data-changed={row.changed}>
              <Text component="dt" size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {row.name}
                {row.changed && (
                  <Badge ml={6} size="xs" variant="dot" color="yellow">
                    {t('cmsAdminEditor.versions.changed')}
                  </Badge>
                )}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                {diffWords(row.from ?? '', row.to ?? '').map((part, index) =>
                  part.kind === 'same' ? (
                    <span key={index}>{part.text}</span>
                  ) : part.kind === 'removed' ? (
                    <del key={index} style={{ background: 'var(--mantine-color-red-light)' }}>
                      <VisuallyHidden>{t('cmsAdminEditor.versions.removed')}</VisuallyHidden>
                      {part.text}
                    </del>
                  ) : (
                    <ins
                      key={index}
                      aria-label={t('cmsAdminEditor.versions.added', { text: part.text })}
                      style={{
                        background: 'var(--mantine-color-green-light)',
                        textDecoration: 'none',
                      }}
                    >
                      {part.text}
                    </ins>
                  ),
                )}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  )
}
