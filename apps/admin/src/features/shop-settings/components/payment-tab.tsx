import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  PaymentMethodInputSchema,
  type PaymentMethod,
  type PaymentMethodInput,
} from '@optika/domain/commerce/admin-shop-api'
import { PAYMENT_KINDS, type PaymentKind } from '@optika/domain/commerce/checkout-vocabulary'
import { COUNTRIES, COUNTRY_CURRENCY, type Country } from '@optika/domain/commerce/countries'
import { localize } from '@optika/domain/i18n/localized-text'
import { isLocale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import { useFieldError } from '../../../lib/form-errors.ts'
import {
  deletePaymentMethod,
  savePaymentMethod,
  shopKeys,
  usePaymentMethods,
} from '../api/shop-settings-api.ts'
import { formatMinor, fromMinor, toMinor } from '../model/amounts.ts'
import { issuesByPath } from '../model/issues.ts'
import { emptyTexts, MethodBasicsFields, type MethodBasics } from './method-fields.tsx'

interface PaymentDraft extends MethodBasics {
  kind: PaymentKind
  fees: Record<Country, { offered: boolean; fee: number | string }>
}

function draftOf(method: PaymentMethod | null): PaymentDraft {
  return {
    code: method?.code ?? '',
    kind: method?.kind ?? 'bankTransfer',
    name: method ? { ...method.name } : emptyTexts(),
    description: method ? { ...method.description } : emptyTexts(),
    position: method?.position ?? 0,
    active: method?.active ?? true,
    fees: Object.fromEntries(
      COUNTRIES.map((country) => {
        const rate = method?.rates.find((r) => r.country === country)
        return [
          country,
          {
            offered: Boolean(rate),
            fee: rate ? fromMinor(rate.feeNet, COUNTRY_CURRENCY[country]) : 0,
          },
        ]
      }),
    ) as PaymentDraft['fees'],
  }
}

function inputOf(draft: PaymentDraft): PaymentMethodInput {
  return {
    code: draft.code,
    kind: draft.kind,
    name: draft.name,
    description: draft.description,
    position: draft.position === '' ? Number.NaN : Number(draft.position),
    active: draft.active,
    rates: COUNTRIES.filter((c) => draft.fees[c].offered).map((country) => ({
      country,
      feeNet:
        draft.fees[country].fee === ''
          ? Number.NaN
          : toMinor(draft.fees[country].fee, COUNTRY_CURRENCY[country]),
    })),
  }
}

/** Payment methods (a fixed set of kinds) with their fee per country. */
export function PaymentTab() {
  const { t, i18n } = useTranslation()
  const methods = usePaymentMethods()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<PaymentMethod | 'new' | null>(null)
  const [message, setMessage] = useState('')
  const locale = isLocale(i18n.language) ? i18n.language : 'en'
  const remove = useMutation({
    mutationFn: (id: number) => deletePaymentMethod(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shopKeys.payment }),
  })
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" role="status" c="green.8">
          {message}
        </Text>
        <Button onClick={() => setEditing('new')}>{t('admin.shop.payment.add')}</Button>
      </Group>
      {methods.isPending && <ScreenLoader />}
      <RequestErrorAlert error={methods.error ?? remove.error} />
      {methods.isSuccess && (
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder striped aria-label={t('admin.shop.tab.payment')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.shop.method.name')}</Table.Th>
                <Table.Th>{t('admin.shop.payment.kindLabel')}</Table.Th>
                {COUNTRIES.map((c) => (
                  <Table.Th key={c}>{t(`country.${c}`)}</Table.Th>
                ))}
                <Table.Th>{t('admin.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {methods.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COUNTRIES.length + 3} c="dimmed">
                    {t('admin.shop.payment.empty')}
                  </Table.Td>
                </Table.Tr>
              )}
              {methods.data.map((method) => {
                const name = localize(method.name, locale)
                return (
                  <Table.Tr key={method.id}>
                    <Table.Th scope="row">
                      <Stack gap={2}>
                        <span>{name}</span>
                        <Badge variant="light" color={method.active ? 'green' : 'gray'}>
                          {t(method.active ? 'admin.shop.active' : 'admin.shop.inactive')}
                        </Badge>
                      </Stack>
                    </Table.Th>
                    <Table.Td>{t(`admin.shop.paymentKind.${method.kind}`)}</Table.Td>
                    {COUNTRIES.map((country) => {
                      const rate = method.rates.find((r) => r.country === country)
                      return (
                        <Table.Td key={country}>
                          {rate ? (
                            formatMinor(rate.feeNet, COUNTRY_CURRENCY[country], i18n.language)
                          ) : (
                            <Text size="sm" c="dimmed">
                              {t('admin.shop.shipping.notOffered')}
                            </Text>
                          )}
                        </Table.Td>
                      )
                    })}
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('admin.shop.editNamed', { name })}
                          onClick={() => setEditing(method)}
                        >
                          {t('admin.shop.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('admin.shop.deleteNamed', { name })}
                          onClick={() => {
                            if (window.confirm(t('admin.shop.deleteConfirm', { name }))) {
                              remove.mutate(method.id)
                            }
                          }}
                        >
                          {t('admin.common.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== null && (
        <PaymentEditor
          method={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            setMessage(t('admin.common.saved'))
          }}
        />
      )}
    </Stack>
  )
}

function PaymentEditor({
  method,
  onClose,
  onSaved,
}: {
  method: PaymentMethod | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(() => draftOf(method))
  const [showErrors, setShowErrors] = useState(false)
  const input = inputOf(draft)
  const checked = PaymentMethodInputSchema.safeParse(input)
  const errors = showErrors ? issuesByPath(checked.error) : {}
  const offered = COUNTRIES.filter((c) => draft.fees[c].offered)
  const save = useMutation({
    mutationFn: () => savePaymentMethod(method?.id ?? null, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopKeys.payment })
      onSaved()
    },
  })
  const setFee = (country: Country, change: Partial<PaymentDraft['fees'][Country]>) =>
    setDraft({
      ...draft,
      fees: { ...draft.fees, [country]: { ...draft.fees[country], ...change } },
    })
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('admin.common.cancel') }}
      title={t('admin.shop.payment.editTitle')}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setShowErrors(true)
          if (checked.success) save.mutate()
        }}
      >
        <Stack gap="md">
          <MethodBasicsFields value={draft} onChange={setDraft} errors={errors} />
          <Select
            label={t('admin.shop.payment.kindLabel')}
            data={PAYMENT_KINDS.map((kind) => ({
              value: kind,
              label: t(`admin.shop.paymentKind.${kind}`),
            }))}
            value={draft.kind}
            onChange={(kind) => kind && setDraft({ ...draft, kind: kind })}
            allowDeselect={false}
          />
          <Title order={3} size="h5">
            {t('admin.shop.method.countries')}
          </Title>
          {COUNTRIES.map((country) => {
            const fee = draft.fees[country]
            const countryName = t(`country.${country}`)
            return (
              <Paper key={country} withBorder p="sm">
                <Group align="flex-start">
                  <Checkbox
                    mt={8}
                    label={t('admin.shop.method.offeredIn', { country: countryName })}
                    checked={fee.offered}
                    onChange={(e) => setFee(country, { offered: e.currentTarget.checked })}
                  />
                  {fee.offered && (
                    <NumberInput
                      label={t('admin.shop.payment.feeFor', {
                        country: countryName,
                        currency: COUNTRY_CURRENCY[country],
                      })}
                      value={fee.fee}
                      onChange={(value) => setFee(country, { fee: value })}
                      min={0}
                      decimalScale={2}
                      allowNegative={false}
                      error={fieldError(errors[`rates.${offered.indexOf(country)}.feeNet`])}
                    />
                  )}
                </Group>
              </Paper>
            )
          })}
          {showErrors && !checked.success && (
            <Text c="red" size="sm" role="alert">
              {t('validation.formError')}
            </Text>
          )}
          <RequestErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
