import { Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StockInputSchema, type StockItem } from '@optika/domain/commerce/admin-shop-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import { saveStock, shopKeys, STOCK_PAGE_SIZE, useStock } from '../api/shop-settings-api.ts'
import { issuesByPath } from '../model/issues.ts'

/** Pieces on hand per variant (or product without variants): searchable, edited in the row. */
export function StockTab() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 300)
  const [page, setPage] = useState(1)
  const stock = useStock(q, page)
  const [message, setMessage] = useState('')
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('admin.shop.stock.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value)
          setPage(1)
        }}
        maw={360}
      />
      <Text size="sm" role="status" c="green.8">
        {message}
      </Text>
      {stock.isPending && <ScreenLoader />}
      <RequestErrorAlert error={stock.error} />
      {stock.isSuccess && (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table withTableBorder striped aria-label={t('admin.shop.tab.stock')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.shop.method.code')}</Table.Th>
                  <Table.Th>{t('admin.shop.stock.product')}</Table.Th>
                  <Table.Th>{t('admin.shop.stock.colour')}</Table.Th>
                  <Table.Th>{t('admin.shop.stock.quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stock.data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4} c="dimmed">
                      {t('admin.shop.stock.empty')}
                    </Table.Td>
                  </Table.Tr>
                )}
                {stock.data.items.map((item) => (
                  <StockRow key={item.objectId} item={item} onSaved={setMessage} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager
            total={stock.data.total}
            pageSize={STOCK_PAGE_SIZE}
            page={page}
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  )
}

function StockRow({ item, onSaved }: { item: StockItem; onSaved: (m: string) => void }) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const queryClient = useQueryClient()
  const [quantity, setQuantity] = useState<number | string>(item.quantity)
  const [error, setError] = useState<string | undefined>()
  const save = useMutation({
    mutationFn: (value: number) => saveStock(item.objectId, value),
    onSuccess: (saved) => {
      onSaved(t('admin.shop.stock.saved', { code: saved.code, quantity: saved.quantity }))
      void queryClient.invalidateQueries({ queryKey: [...shopKeys.all, 'stock'] })
    },
  })
  const submit = () => {
    const checked = StockInputSchema.safeParse({
      quantity: quantity === '' ? Number.NaN : Number(quantity),
    })
    setError(issuesByPath(checked.error).quantity)
    if (checked.success) save.mutate(checked.data.quantity)
  }
  return (
    <Table.Tr>
      <Table.Td ff="monospace">{item.code}</Table.Td>
      <Table.Td>{item.productName}</Table.Td>
      <Table.Td>{item.colour ?? '—'}</Table.Td>
      <Table.Td>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <NumberInput
              aria-label={t('admin.shop.stock.quantityFor', { code: item.code })}
              value={quantity}
              onChange={setQuantity}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              w={120}
              error={fieldError(error)}
            />
            <Button
              type="submit"
              size="sm"
              variant="default"
              loading={save.isPending}
              aria-label={t('admin.shop.stock.saveFor', { code: item.code })}
            >
              {t('admin.common.save')}
            </Button>
          </Group>
          <RequestErrorAlert error={save.error} />
        </form>
      </Table.Td>
    </Table.Tr>
  )
}
