import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  MAX_INVOICE_MATURITY_DAYS,
  type CustomerListItem,
} from '@optika/domain/accounts/admin-customers-api'
import { COUNTRY_CURRENCY, type Country } from '@optika/domain/commerce/countries'
import { CURRENCIES, type Currency } from '@optika/domain/commerce/currencies'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  approvePartner,
  customersKeys,
  rejectPartner,
  usePartnerQueue,
  usePriceLists,
} from '../api/customers-api.ts'
import { toMinorUnits } from '../model/money-input.ts'
import { customerName } from './customer-list.tsx'

interface ApproveValues {
  priceListId: string | null
  invoiceMaturityDays: number | string
  creditLimit: number | string
  creditCurrency: string
}

function defaultCurrency(partner: CustomerListItem): Currency {
  return COUNTRY_CURRENCY[partner.country as Country] ?? 'CZK'
}

function displayName(partner: CustomerListItem) {
  return partner.company ?? customerName(partner)
}

function ApproveDialog({
  partner,
  onClose,
  onDone,
}: {
  partner: CustomerListItem
  onClose: () => void
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const priceLists = usePriceLists(true)
  const form = useForm<ApproveValues>({
    mode: 'controlled',
    initialValues: {
      priceListId: null,
      invoiceMaturityDays: 14,
      creditLimit: 0,
      creditCurrency: defaultCurrency(partner),
    },
    validate: {
      priceListId: (value) => (value ? null : t('validation.required')),
      invoiceMaturityDays: (value) =>
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= 0 &&
        value <= MAX_INVOICE_MATURITY_DAYS
          ? null
          : t('adminCustomers.validation.maturityRange'),
      creditLimit: (value) =>
        typeof value === 'number' && value >= 0 ? null : t('adminCustomers.validation.creditLimit'),
    },
  })
  const approve = useMutation({
    mutationFn: (values: ApproveValues) => {
      const currency = values.creditCurrency as Currency
      return approvePartner(partner.id, {
        priceListId: Number(values.priceListId),
        invoiceMaturityDays: Number(values.invoiceMaturityDays),
        creditLimit: toMinorUnits(Number(values.creditLimit), currency),
        creditCurrency: currency,
      })
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customersKeys.all })
      onDone(t('adminCustomers.approve.done', { name: displayName(partner) }))
    },
  })
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('admin.common.cancel') }}
      title={t('adminCustomers.approve.title', { name: displayName(partner) })}
    >
      <form onSubmit={form.onSubmit((values) => approve.mutate(values))} noValidate>
        <Stack gap="md">
          {priceLists.isSuccess && priceLists.data.length === 0 && (
            <Alert color="yellow">{t('adminCustomers.approve.noPriceLists')}</Alert>
          )}
          <Select
            label={t('adminCustomers.field.priceList')}
            data={(priceLists.data ?? []).map((list) => ({
              value: String(list.id),
              label: list.currency ? `${list.name} (${list.currency})` : list.name,
            }))}
            required
            data-autofocus
            {...form.getInputProps('priceListId')}
            onChange={(value: string | null) => {
              form.setFieldValue('priceListId', value)
              const currency = priceLists.data?.find((list) => String(list.id) === value)?.currency
              if (currency && (CURRENCIES as readonly string[]).includes(currency)) {
                form.setFieldValue('creditCurrency', currency)
              }
            }}
          />
          <NumberInput
            label={t('adminCustomers.field.invoiceMaturity')}
            min={0}
            max={MAX_INVOICE_MATURITY_DAYS}
            allowDecimal={false}
            allowNegative={false}
            required
            {...form.getInputProps('invoiceMaturityDays')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t('adminCustomers.field.creditLimit')}
              description={t('adminCustomers.approve.creditHint', {
                currency: form.values.creditCurrency,
              })}
              min={0}
              allowNegative={false}
              decimalScale={2}
              thousandSeparator=" "
              required
              {...form.getInputProps('creditLimit')}
            />
            <Select
              label={t('adminCustomers.field.creditCurrency')}
              data={[...CURRENCIES]}
              allowDeselect={false}
              required
              {...form.getInputProps('creditCurrency')}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('adminCustomers.approve.mailHint')}
          </Text>
          <RequestErrorAlert error={approve.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" color="green" loading={approve.isPending}>
              {t('adminCustomers.approve.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

function RejectDialog({
  partner,
  onClose,
  onDone,
}: {
  partner: CustomerListItem
  onClose: () => void
  onDone: (message: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: {
      reason: (value) => (value.trim() ? null : t('adminCustomers.validation.reasonRequired')),
    },
  })
  const reject = useMutation({
    mutationFn: (reason: string) => rejectPartner(partner.id, reason),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customersKeys.all })
      onDone(t('adminCustomers.reject.done', { name: displayName(partner) }))
    },
  })
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('admin.common.cancel') }}
      title={t('adminCustomers.reject.title', { name: displayName(partner) })}
    >
      <form onSubmit={form.onSubmit((values) => reject.mutate(values.reason))} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('adminCustomers.field.reason')}
            description={t('adminCustomers.reject.hint')}
            autosize
            minRows={3}
            required
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <RequestErrorAlert error={reject.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('adminCustomers.reject.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** Partners waiting for approval, oldest application first, each with approve and reject. */
export function ApprovalQueue() {
  const { t, i18n } = useTranslation()
  const queue = usePartnerQueue()
  const [dialog, setDialog] = useState<{
    kind: 'approve' | 'reject'
    partner: CustomerListItem
  } | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const close = (message: string | null) => {
    setDialog(null)
    if (message !== null) setDone(message)
  }
  return (
    <Stack gap="md">
      {done !== null && (
        <Alert color="green" role="status" withCloseButton onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {queue.isPending && <ScreenLoader />}
      <RequestErrorAlert error={queue.error} />
      {queue.isSuccess && queue.data.items.length === 0 && (
        <Text c="dimmed">{t('adminCustomers.queue.empty')}</Text>
      )}
      {queue.isSuccess && queue.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={800}>
          <Table striped withTableBorder aria-label={t('adminCustomers.tab.queue')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customer.company')}</Table.Th>
                <Table.Th>{t('customer.fullName')}</Table.Th>
                <Table.Th>{t('customer.email')}</Table.Th>
                <Table.Th>{t('customer.country')}</Table.Th>
                <Table.Th>{t('customer.clientNumber')}</Table.Th>
                <Table.Th>{t('adminCustomers.field.registeredAt')}</Table.Th>
                <Table.Th>{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.items.map((partner) => (
                <Table.Tr key={partner.id} data-partner-email={partner.email}>
                  <Table.Td>
                    <Anchor component={Link} to={`/shop-customers/${partner.id}`}>
                      {displayName(partner)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{customerName(partner)}</Table.Td>
                  <Table.Td>{partner.email}</Table.Td>
                  <Table.Td>{t(`country.${partner.country}` as 'country.CZ')}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{partner.clientNumber}</Table.Td>
                  <Table.Td>{date.format(new Date(partner.createdAt))}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        color="green"
                        onClick={() => setDialog({ kind: 'approve', partner })}
                        aria-label={t('adminCustomers.approve.title', {
                          name: displayName(partner),
                        })}
                      >
                        {t('adminCustomers.action.approve')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setDialog({ kind: 'reject', partner })}
                        aria-label={t('adminCustomers.reject.title', {
                          name: displayName(partner),
                        })}
                      >
                        {t('adminCustomers.action.reject')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog?.kind === 'approve' && (
        <ApproveDialog
          partner={dialog.partner}
          onClose={() => close(null)}
          onDone={close}
          key={dialog.partner.id}
        />
      )}
      {dialog?.kind === 'reject' && (
        <RejectDialog
          partner={dialog.partner}
          onClose={() => close(null)}
          onDone={close}
          key={dialog.partner.id}
        />
      )}
    </Stack>
  )
}
