import {
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import {
  GenerateCodesInputSchema,
  MAX_GENERATED_CODES,
  VoucherCodeInputSchema,
} from '@optika/domain/commerce/admin-shop-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import {
  addVoucherCode,
  CODES_PAGE_SIZE,
  codesExportUrl,
  generateVoucherCodes,
  shopKeys,
  useVoucherCodes,
  useVoucherSeries,
} from '../api/shop-settings-api.ts'
import { issuesByPath } from '../model/issues.ts'
import { useDiscountLabel } from './vouchers-tab.tsx'

/** /admin/shop-settings/vouchers/{id} — a series' codes with their usage; add, generate, export. */
export function VoucherCodesView() {
  const { t } = useTranslation()
  const seriesId = Number(useParams().id)
  const series = useVoucherSeries()
  const discount = useDiscountLabel()
  const queryClient = useQueryClient()
  const fieldError = useFieldError()
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 300)
  const [page, setPage] = useState(1)
  const codes = useVoucherCodes(seriesId, q, page)
  const [message, setMessage] = useState('')
  const [generating, setGenerating] = useState(false)
  const [newCode, setNewCode] = useState('')
  const [codeError, setCodeError] = useState<string | undefined>()
  const current = series.data?.find((s) => s.id === seriesId)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shopKeys.series })
  const add = useMutation({
    mutationFn: (code: string) => addVoucherCode(seriesId, code),
    onSuccess: (code) => {
      setNewCode('')
      setMessage(t('admin.shop.voucher.codeAdded', { code: code.code }))
      refresh()
    },
  })

  if (series.isPending) return <ScreenLoader />
  if (!current) {
    return (
      <Stack>
        <RequestErrorAlert error={series.error} />
        <Text role="alert">{t('admin.shop.error.notFound')}</Text>
        <Anchor component={Link} to="/shop-settings/vouchers">
          {t('admin.shop.voucher.backToList')}
        </Anchor>
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/shop-settings/vouchers" w="fit-content">
        ← {t('admin.shop.voucher.backToList')}
      </Anchor>
      <Title order={2} size="h3">
        {t('admin.shop.voucher.openCodes', { name: current.name })}
      </Title>
      <Text c="dimmed">
        {discount(current)} · {t('admin.shop.voucher.usageLimit')}:{' '}
        {current.usageLimit ?? t('admin.shop.voucher.unlimited')}
      </Text>
      <Paper withBorder p="md">
        <Group align="flex-end" justify="space-between">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              const checked = VoucherCodeInputSchema.safeParse({ code: newCode })
              setCodeError(issuesByPath(checked.error).code)
              if (checked.success) add.mutate(checked.data.code)
            }}
          >
            <Group align="flex-start">
              <TextInput
                label={t('admin.shop.voucher.addCode')}
                value={newCode}
                onChange={(e) => setNewCode(e.currentTarget.value)}
                error={fieldError(codeError)}
              />
              <Button type="submit" mt={25} loading={add.isPending}>
                {t('admin.common.add')}
              </Button>
            </Group>
          </form>
          <Group>
            <Button variant="light" onClick={() => setGenerating(true)}>
              {t('admin.shop.voucher.generate')}
            </Button>
            <Button component="a" href={codesExportUrl(seriesId)} download variant="default">
              {t('admin.shop.voucher.export')}
            </Button>
          </Group>
        </Group>
        <RequestErrorAlert error={add.error} />
      </Paper>
      <Text size="sm" role="status" c="green.8">
        {message}
      </Text>
      <TextInput
        type="search"
        label={t('admin.shop.voucher.searchCodes')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value)
          setPage(1)
        }}
        maw={320}
      />
      <RequestErrorAlert error={codes.error} />
      {codes.isSuccess && (
        <>
          <Table withTableBorder striped aria-label={t('admin.shop.voucher.codes')} maw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.shop.voucher.code')}</Table.Th>
                <Table.Th>{t('admin.shop.voucher.used')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.data.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2} c="dimmed">
                    {t('admin.shop.voucher.noCodes')}
                  </Table.Td>
                </Table.Tr>
              )}
              {codes.data.items.map((code) => (
                <Table.Tr key={code.id}>
                  <Table.Td ff="monospace">{code.code}</Table.Td>
                  <Table.Td>
                    {current.usageLimit === null
                      ? code.usedCount
                      : `${code.usedCount} / ${current.usageLimit}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TablePager
            total={codes.data.total}
            pageSize={CODES_PAGE_SIZE}
            page={page}
            onChange={setPage}
          />
        </>
      )}
      {generating && (
        <GenerateDialog
          seriesId={seriesId}
          onClose={() => setGenerating(false)}
          onDone={(created) => {
            setGenerating(false)
            setMessage(t('admin.shop.voucher.generated', { count: created }))
            refresh()
          }}
        />
      )}
    </Stack>
  )
}

function GenerateDialog({
  seriesId,
  onClose,
  onDone,
}: {
  seriesId: number
  onClose: () => void
  onDone: (created: number) => void
}) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const [count, setCount] = useState<number | string>(10)
  const [prefix, setPrefix] = useState('')
  const [showErrors, setShowErrors] = useState(false)
  const checked = GenerateCodesInputSchema.safeParse({
    count: count === '' ? Number.NaN : Number(count),
    prefix,
  })
  const errors = showErrors ? issuesByPath(checked.error) : {}
  const generate = useMutation({
    mutationFn: () => generateVoucherCodes(seriesId, checked.data!),
    onSuccess: (result) => onDone(result.created),
  })
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('admin.common.cancel') }}
      title={t('admin.shop.voucher.generate')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setShowErrors(true)
          if (checked.success) generate.mutate()
        }}
      >
        <Stack gap="md">
          <NumberInput
            label={t('admin.shop.voucher.generateCount')}
            data-autofocus
            required
            value={count}
            onChange={setCount}
            min={1}
            max={MAX_GENERATED_CODES}
            allowDecimal={false}
            allowNegative={false}
            error={fieldError(errors.count)}
          />
          <TextInput
            label={t('admin.shop.voucher.generatePrefix')}
            value={prefix}
            onChange={(e) => setPrefix(e.currentTarget.value)}
            error={fieldError(errors.prefix)}
          />
          <Text size="sm" c="dimmed">
            {t('admin.shop.voucher.generateHint')}
          </Text>
          <RequestErrorAlert error={generate.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={generate.isPending}>
              {t('admin.shop.voucher.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
