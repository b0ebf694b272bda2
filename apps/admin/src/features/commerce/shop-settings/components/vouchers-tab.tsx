import {
  Anchor,
  Badge,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  VoucherSeriesInputSchema,
  type VoucherKind,
  type VoucherSeries,
  type VoucherSeriesInput,
} from '@optika/domain/commerce/admin-shop-api'
import { CURRENCIES, type Currency } from '@optika/domain/commerce/currencies'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import {
  deleteVoucherSeries,
  saveVoucherSeries,
  shopKeys,
  useCategoryOptions,
  useVoucherSeries,
} from '../api/shop-settings-api.ts'
import { formatMinor, fromDateInput, fromMinor, toDateInput, toMinor } from '../model/amounts.ts'
import {
  ActiveBadge,
  EditorModal,
  RowActions,
  TabToolbar,
  useDraftEditor,
  useRowEditing,
} from './editor-parts.tsx'

/** How a series' discount reads: "10 %" or "CZK 200.00". */
export function useDiscountLabel() {
  const { i18n } = useTranslation()
  return (series: Pick<VoucherSeries, 'kind' | 'value' | 'currency'>) =>
    series.kind === 'percent' || !series.currency
      ? `${series.value} %`
      : formatMinor(series.value, series.currency, i18n.language)
}

/** The voucher series with their terms and usage; each opens its codes. */
export function VouchersTab() {
  const { t, i18n } = useTranslation()
  const series = useVoucherSeries()
  const discount = useDiscountLabel()
  const { editing, setEditing, message, remove, close, saved } = useRowEditing<VoucherSeries>(
    deleteVoucherSeries,
    shopKeys.series,
  )
  // When the list was opened: what counts as expired does not change while it is on screen.
  const [openedAt] = useState(() => Date.now())
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const validity = (s: VoucherSeries) =>
    s.validFrom || s.validTo
      ? `${s.validFrom ? date.format(new Date(s.validFrom)) : ''} – ${
          s.validTo ? date.format(new Date(s.validTo)) : ''
        }`
      : '—'
  return (
    <Stack gap="md">
      <TabToolbar
        message={message}
        addLabel={t('admin.shop.voucher.addSeries')}
        onAdd={() => setEditing('new')}
      />
      {series.isPending && <ScreenLoader />}
      <RequestErrorAlert error={series.error ?? remove.error} />
      {series.isSuccess && (
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder striped aria-label={t('admin.shop.voucher.series')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.shop.voucher.name')}</Table.Th>
                <Table.Th>{t('admin.shop.voucher.value')}</Table.Th>
                <Table.Th>{t('admin.shop.voucher.validity')}</Table.Th>
                <Table.Th>{t('admin.shop.voucher.usageLimit')}</Table.Th>
                <Table.Th>{t('admin.shop.voucher.codeCount')}</Table.Th>
                <Table.Th>{t('admin.shop.voucher.usedCount')}</Table.Th>
                <Table.Th>{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7} c="dimmed">
                    {t('admin.shop.voucher.noSeries')}
                  </Table.Td>
                </Table.Tr>
              )}
              {series.data.map((s) => {
                const expired = s.validTo !== null && Date.parse(s.validTo) < openedAt
                return (
                  <Table.Tr key={s.id}>
                    <Table.Th scope="row">
                      <Stack gap={2}>
                        <Anchor component={Link} to={`/shop-settings/vouchers/${s.id}`}>
                          {s.name}
                        </Anchor>
                        <Group gap={4}>
                          <ActiveBadge active={s.active} />
                          {expired && (
                            <Badge variant="light" color="orange">
                              {t('admin.shop.voucher.expired')}
                            </Badge>
                          )}
                        </Group>
                      </Stack>
                    </Table.Th>
                    <Table.Td>{discount(s)}</Table.Td>
                    <Table.Td>{validity(s)}</Table.Td>
                    <Table.Td>{s.usageLimit ?? t('admin.shop.voucher.unlimited')}</Table.Td>
                    <Table.Td>{s.codeCount}</Table.Td>
                    <Table.Td>{s.usedCount}</Table.Td>
                    <Table.Td>
                      <RowActions
                        name={s.name}
                        onEdit={() => setEditing(s)}
                        onDelete={() => remove.mutate(s.id)}
                      />
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null && (
        <SeriesEditor series={editing === 'new' ? null : editing} onClose={close} onSaved={saved} />
      )}
    </Stack>
  )
}

interface SeriesDraft {
  name: string
  kind: VoucherKind
  value: number | string
  currency: Currency
  validFrom: string
  validTo: string
  usageLimit: number | string
  minOrder: number | string
  categoryIds: string[]
  active: boolean
}

function draftOf(s: VoucherSeries | null): SeriesDraft {
  const currency = s?.currency ?? 'CZK'
  return {
    name: s?.name ?? '',
    kind: s?.kind ?? 'percent',
    value: s ? (s.kind === 'amount' ? fromMinor(s.value, currency) : s.value) : 10,
    currency,
    validFrom: toDateInput(s?.validFrom ?? null),
    validTo: toDateInput(s?.validTo ?? null),
    usageLimit: s?.usageLimit ?? '',
    minOrder: s?.minOrderNet == null ? '' : fromMinor(s.minOrderNet, currency),
    categoryIds: (s?.categoryIds ?? []).map(String),
    active: s?.active ?? true,
  }
}

function inputOf(d: SeriesDraft): VoucherSeriesInput {
  const amount = d.kind === 'amount'
  return {
    name: d.name,
    kind: d.kind,
    value: d.value === '' ? Number.NaN : amount ? toMinor(d.value, d.currency) : Number(d.value),
    currency: amount ? d.currency : null,
    validFrom: fromDateInput(d.validFrom, 'start'),
    validTo: fromDateInput(d.validTo, 'end'),
    usageLimit: d.usageLimit === '' ? null : Number(d.usageLimit),
    // The minimum is in the order's currency; amounts are typed in major units of it.
    minOrderNet: d.minOrder === '' ? null : toMinor(d.minOrder, d.currency),
    categoryIds: d.categoryIds.map(Number),
    active: d.active,
  }
}

function SeriesEditor({
  series,
  onClose,
  onSaved,
}: {
  series: VoucherSeries | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const categories = useCategoryOptions()
  const { draft, setDraft, errors, modal } = useDraftEditor({
    initial: () => draftOf(series),
    toInput: inputOf,
    schema: VoucherSeriesInputSchema,
    save: (input: ReturnType<typeof inputOf>) => saveVoucherSeries(series?.id ?? null, input),
    listKey: shopKeys.series,
    onSaved,
  })
  const set = (change: Partial<SeriesDraft>) => setDraft({ ...draft, ...change })
  return (
    <EditorModal title={t('admin.shop.voucher.editTitle')} size="lg" {...modal} onClose={onClose}>
      <TextInput
        label={t('admin.shop.voucher.name')}
        required
        data-autofocus
        value={draft.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={fieldError(errors.name)}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="voucher-kind-label">
          {t('admin.shop.voucher.kindLabel')}
        </Text>
        <SegmentedControl
          aria-labelledby="voucher-kind-label"
          value={draft.kind}
          onChange={(kind) => set({ kind: kind })}
          data={[
            { value: 'percent', label: t('admin.shop.voucherKind.percent') },
            { value: 'amount', label: t('admin.shop.voucherKind.amount') },
          ]}
        />
      </Stack>
      <Group grow align="flex-start">
        <NumberInput
          label={t(
            draft.kind === 'percent'
              ? 'admin.shop.voucher.percentValue'
              : 'admin.shop.voucher.amountValue',
          )}
          required
          value={draft.value}
          onChange={(value) => set({ value })}
          min={1}
          max={draft.kind === 'percent' ? 100 : undefined}
          decimalScale={draft.kind === 'percent' ? 0 : 2}
          allowNegative={false}
          error={fieldError(errors.value)}
        />
        <Select
          label={t('admin.shop.country.currency')}
          data={[...CURRENCIES]}
          value={draft.currency}
          onChange={(currency) => currency && set({ currency: currency })}
          allowDeselect={false}
          error={fieldError(errors.currency)}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label={t('admin.shop.voucher.validFrom')}
          value={draft.validFrom}
          onChange={(e) => set({ validFrom: e.currentTarget.value })}
          error={fieldError(errors.validFrom)}
        />
        <TextInput
          type="date"
          label={t('admin.shop.voucher.validTo')}
          value={draft.validTo}
          onChange={(e) => set({ validTo: e.currentTarget.value })}
          error={fieldError(errors.validTo)}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={t('admin.shop.voucher.usageLimit')}
          description={t('admin.shop.voucher.usageLimitHint')}
          value={draft.usageLimit}
          onChange={(usageLimit) => set({ usageLimit })}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          error={fieldError(errors.usageLimit)}
        />
        <NumberInput
          label={`${t('admin.shop.voucher.minOrder')} (${draft.currency})`}
          description={t('admin.shop.voucher.minOrderHint')}
          value={draft.minOrder}
          onChange={(minOrder) => set({ minOrder })}
          min={0}
          decimalScale={2}
          allowNegative={false}
          error={fieldError(errors.minOrderNet)}
        />
      </Group>
      <MultiSelect
        label={t('admin.shop.voucher.categories')}
        placeholder={draft.categoryIds.length === 0 ? t('admin.shop.voucher.allCategories') : ''}
        data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
        value={draft.categoryIds}
        onChange={(categoryIds) => set({ categoryIds })}
        searchable
        clearable
        error={fieldError(errors.categoryIds)}
      />
      <Switch
        label={t('admin.shop.active')}
        checked={draft.active}
        onChange={(e) => set({ active: e.currentTarget.checked })}
      />
    </EditorModal>
  )
}
