import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QuantityUnit } from '@optika/domain/pim/quantity-value-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import { useFilteredPaging } from '../../../../components/use-filtered-paging.ts'
import { useRequestError } from '../../../../lib/form-errors.ts'
import { EditDeleteButtons } from '../../classification-stores/components/edit-delete-buttons.tsx'
import { ConfirmDeleteDialog } from '../../classification-stores/components/store-item-dialogs.tsx'
import {
  importUnits,
  runUnitAction,
  UNIT_EXPORT_URL,
  UNIT_PAGE_SIZE,
  unitKeys,
  useUnitList,
  useUnitPage,
} from '../api/quantity-units-api.ts'
import { ConvertTool } from './convert-tool.tsx'
import { UnitDialog } from './unit-dialog.tsx'

type Dialog =
  { kind: 'create' } | { kind: 'edit'; unit: QuantityUnit } | { kind: 'delete'; unit: QuantityUnit }

/** A JSON file's content, or a marker that it is not JSON (the server then never sees it). */
async function readJsonFile(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text()) as unknown
  } catch {
    return undefined
  }
}

/**
 * /admin/quantity-units — the units of quantity values (sizes, weights, periods…): how each
 * converts into its base unit, a conversion tool, and export/import of the whole list as JSON.
 */
export function QuantityUnitsScreen() {
  const { t, i18n } = useTranslation()
  const decimal = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 10 })
  const requestError = useRequestError()
  const queryClient = useQueryClient()
  const { filterInput, setFilterInput, filter, page, setPage } = useFilteredPaging()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [importProblem, setImportProblem] = useState(false)
  const units = useUnitList()
  const unitPage = useUnitPage(filter, page)
  const refresh = () => queryClient.invalidateQueries({ queryKey: unitKeys.all })
  const save = useMutation({
    mutationFn: (unit: QuantityUnit) =>
      runUnitAction(
        dialog?.kind === 'edit'
          ? { action: 'update', data: unit }
          : { action: 'create', data: unit },
      ),
    onSuccess: async () => {
      setDialog(null)
      await refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (id: string) => runUnitAction({ action: 'destroy', data: { id } }),
    onSuccess: async () => {
      setDialog(null)
      await refresh()
    },
  })
  const upload = useMutation({
    mutationFn: importUnits,
    onSuccess: refresh,
  })
  const close = () => {
    save.reset()
    remove.reset()
    setDialog(null)
  }
  const abbreviationOf = (id: string | null) =>
    id === null ? '' : (units.data?.find((unit) => unit.id === id)?.abbreviation ?? id)
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.quantityValues')}
        description={t('admin.screen.quantityValues.description')}
      />
      <ConvertTool units={units.data ?? []} />
      <Stack gap="md" component="section" aria-labelledby="units-title">
        <Title order={2} size="h4" id="units-title">
          {t('adminPimStores.unit.listTitle')}
        </Title>
        <Group justify="space-between" align="flex-end">
          <TextInput
            type="search"
            label={t('adminPimStores.filter')}
            value={filterInput}
            onChange={(event) => setFilterInput(event.currentTarget.value)}
          />
          <Group>
            <Button onClick={() => setDialog({ kind: 'create' })}>
              {t('adminPimStores.unit.add')}
            </Button>
            <Anchor href={UNIT_EXPORT_URL} download="quantity-value-units.json">
              {t('adminPimStores.unit.export')}
            </Anchor>
            <FileButton
              accept="application/json,.json"
              onChange={async (file) => {
                upload.reset()
                setImportProblem(false)
                if (!file) return
                const body = await readJsonFile(file)
                if (body === undefined) setImportProblem(true)
                else upload.mutate(body)
              }}
            >
              {(props) => (
                <Button variant="default" loading={upload.isPending} {...props}>
                  {t('adminPimStores.unit.import')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Group>
        {importProblem && (
          <Alert color="red" role="alert">
            {t('adminPimStores.unit.importNotJson')}
          </Alert>
        )}
        <RequestErrorAlert error={upload.error ?? unitPage.error} />
        {upload.isSuccess && (
          <Alert color="green" role="status">
            {t('adminPimStores.unit.imported', {
              created: upload.data.created,
              updated: upload.data.updated,
            })}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={800}>
          <Table striped withTableBorder aria-labelledby="units-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminPimStores.unit.id')}</Table.Th>
                <Table.Th>{t('adminPimStores.unit.abbreviation')}</Table.Th>
                <Table.Th>{t('adminPimStores.unit.longname')}</Table.Th>
                <Table.Th>{t('adminPimStores.unit.group')}</Table.Th>
                <Table.Th>{t('adminPimStores.unit.baseUnit')}</Table.Th>
                <Table.Th>{t('adminPimStores.unit.factor')}</Table.Th>
                <Table.Th>{t('adminPimStores.unit.offset')}</Table.Th>
                <Table.Th>{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {unitPage.isSuccess && unitPage.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text c="dimmed">{t('adminPimStores.unit.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {(unitPage.data?.data ?? []).map((unit) => (
                <Table.Tr key={unit.id}>
                  <Table.Td>{unit.id}</Table.Td>
                  <Table.Td>{unit.abbreviation}</Table.Td>
                  <Table.Td>{unit.longname}</Table.Td>
                  <Table.Td>{unit.group}</Table.Td>
                  <Table.Td>{abbreviationOf(unit.baseUnitId)}</Table.Td>
                  <Table.Td>
                    {unit.baseUnitId === null ? '' : decimal.format(unit.factor ?? 1)}
                  </Table.Td>
                  <Table.Td>
                    {unit.conversionOffset === null ? '' : decimal.format(unit.conversionOffset)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <EditDeleteButtons
                        name={unit.id}
                        onEdit={() => setDialog({ kind: 'edit', unit })}
                        onDelete={() => setDialog({ kind: 'delete', unit })}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <TablePager
          total={unitPage.data?.total ?? 0}
          pageSize={UNIT_PAGE_SIZE}
          page={page}
          onChange={setPage}
        />
      </Stack>
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title={t('adminPimStores.unit.deleteTitle', { name: dialog.unit.id })}
          message={t('adminPimStores.unit.deleteMessage', { name: dialog.unit.id })}
          pending={remove.isPending}
          error={remove.isError ? requestError(remove.error) : undefined}
          onClose={close}
          onConfirm={() => remove.mutate(dialog.unit.id)}
        />
      )}
      {dialog !== null && dialog.kind !== 'delete' && (
        <UnitDialog
          current={dialog.kind === 'edit' ? dialog.unit : undefined}
          units={units.data ?? []}
          pending={save.isPending}
          error={save.isError ? requestError(save.error) : undefined}
          onClose={close}
          onSubmit={(unit) => save.mutate(unit)}
        />
      )}
    </Stack>
  )
}
