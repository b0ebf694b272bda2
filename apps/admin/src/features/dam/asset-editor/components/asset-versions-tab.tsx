import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AssetData } from '@optika/domain/pim/asset-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useVersions } from '../../../elements/api/element-api.ts'
import { pickVersions } from '../../../elements/model/version-selection.ts'
import { assetEditorKeys, publishAssetVersion, useAssetVersion } from '../api/asset-editor-api.ts'
import { compareAssetVersions } from '../model/version-compare.ts'
import { TableScroll } from '../../../elements/components/table-scroll.tsx'

/** The asset's versions: tick two to compare them, publish one to make it current again. */
export function AssetVersionsTab({ asset }: { asset: AssetData }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const versions = useVersions({ elementType: 'asset', elementId: asset.id })
  const [selected, setSelected] = useState<number[]>([])
  const publish = useMutation({
    mutationFn: publishAssetVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetEditorKeys.all }),
  })
  const [from, to] = pickVersions(selected, versions.data ?? [])
  if (versions.isPending) return <ScreenLoader />
  const format = (date: string) => new Date(date).toLocaleString(i18n.language)
  return (
    <Stack gap="md">
      <RequestErrorAlert error={versions.error ?? publish.error} />
      <Text size="sm" c="dimmed">
        {t('assetEditor.versions.hint')}
      </Text>
      <TableScroll label={t('adminPimObjects.tab.versions')} minWidth={560}>
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
                        {t('assetEditor.versions.current')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{format(version.date)}</Table.Td>
                <Table.Td>{version.userName ?? '—'}</Table.Td>
                <Table.Td>{version.note}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    disabled={!asset.permissions.publish || version.current}
                    loading={publish.isPending && publish.variables === version.id}
                    onClick={() => publish.mutate(version.id)}
                  >
                    {t('adminPimObjects.versions.publish', { number: version.versionCount })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {from !== null && to !== null && <VersionCompare from={from} to={to} />}
    </Stack>
  )
}

function VersionCompare({ from, to }: { from: number; to: number }) {
  const { t } = useTranslation()
  const a = useAssetVersion(from)
  const b = useAssetVersion(to)
  if (a.isPending || b.isPending) return <ScreenLoader />
  if (a.isError || b.isError) return <RequestErrorAlert error={a.error ?? b.error} />
  const rows = compareAssetVersions(a.data, b.data)
  const label = (field: string) =>
    field.startsWith('metadata:')
      ? field.slice('metadata:'.length)
      : t(`assetEditor.versions.field.${field as 'key'}`)
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="asset-version-diff">
      <Title order={3} size="h5" id="asset-version-diff" mb="sm">
        {t('adminPimObjects.versions.diffTitle', {
          from: a.data.versionCount,
          to: b.data.versionCount,
        })}
      </Title>
      <TableScroll label={t('adminPimObjects.versions.field')} minWidth={420}>
        <Table aria-labelledby="asset-version-diff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPimObjects.versions.field')}</Table.Th>
              <Table.Th>
                {t('adminPimObjects.versions.version', { number: a.data.versionCount })}
              </Table.Th>
              <Table.Th>
                {t('adminPimObjects.versions.version', { number: b.data.versionCount })}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.field}
                bg={row.changed ? 'var(--mantine-color-yellow-light)' : undefined}
                data-changed={row.changed}
              >
                <Table.Th scope="row">
                  {label(row.field)}
                  {row.changed && (
                    <Badge ml={6} size="xs" variant="dot" color="yellow">
                      {t('adminPimObjects.versions.changed')}
                    </Badge>
                  )}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.from}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.to}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  )
}
