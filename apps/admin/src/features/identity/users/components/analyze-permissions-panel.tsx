import { Badge, Button, Group, Select, Stack, Table, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  WORKSPACE_ELEMENT_TYPES,
  type WorkspaceElementType,
} from '@optika/domain/admin/permissions'
import { analyzePermissions } from '../api/users-api.ts'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'

/** "May this user do X on element E, and why": one row per workspace right. */
export function AnalyzePermissionsPanel({ userId }: { userId: number }) {
  const { t } = useTranslation()
  const form = useForm<{ elementType: WorkspaceElementType; path: string }>({
    mode: 'controlled',
    initialValues: { elementType: 'object', path: '/' },
    validate: { path: (path) => (path.startsWith('/') ? null : t('admin.workspace.pathInvalid')) },
  })
  const analysis = useMutation({ mutationFn: analyzePermissions })
  return (
    <Stack gap="md">
      <form noValidate onSubmit={form.onSubmit((values) => analysis.mutate({ userId, ...values }))}>
        <Group align="flex-end">
          <Select
            label={t('admin.analyze.elementType')}
            data={WORKSPACE_ELEMENT_TYPES.map((type) => ({
              value: type,
              label: t(`admin.elementType.${type}` as 'admin.elementType.asset'),
            }))}
            allowDeselect={false}
            {...form.getInputProps('elementType')}
          />
          <TextInput label={t('admin.analyze.path')} {...form.getInputProps('path')} />
          <Button type="submit" loading={analysis.isPending}>
            {t('admin.analyze.submit')}
          </Button>
        </Group>
      </form>
      <RequestErrorAlert error={analysis.error} />
      {analysis.isSuccess && (
        <Table striped withTableBorder aria-label={t('admin.analyze.result')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.analyze.right')}</Table.Th>
              <Table.Th>{t('admin.analyze.allowed')}</Table.Th>
              <Table.Th>{t('admin.analyze.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {analysis.data.rights.map((row) => (
              <Table.Tr key={row.right}>
                <Table.Td>
                  {t(`admin.workspace.right.${row.right}` as 'admin.workspace.right.list', {
                    defaultValue: row.right,
                  })}
                </Table.Td>
                <Table.Td>
                  <Badge color={row.allowed ? 'green' : 'red'} variant="light">
                    {row.allowed ? t('admin.common.yes') : t('admin.common.no')}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}
