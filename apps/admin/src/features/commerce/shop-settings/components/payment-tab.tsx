import { Checkbox, Group, NumberInput, Paper, Select, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import {
  PaymentMethodInputSchema,
  type PaymentMethod,
  type PaymentMethodInput,
} from '@optika/domain/commerce/admin-shop-api'
import { PAYMENT_KINDS, type PaymentKind } from '@optika/domain/commerce/checkout-vocabulary'
import { COUNTRIES, COUNTRY_CURRENCY, type Country } from '@optika/domain/commerce/countries'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import {
  deletePaymentMethod,
  savePaymentMethod,
  shopKeys,
  usePaymentMethods,
} from '../api/shop-settings-api.ts'
import { formatMinor, fromMinor, toMinor } from '../model/amounts.ts'
import { EditorModal, TabToolbar, useDraftEditor, useRowEditing } from './editor-parts.tsx'
import { MethodsTable } from './methods-table.tsx'
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
  const { editing, setEditing, message, remove, close, saved } = useRowEditing<PaymentMethod>(
    deletePaymentMethod,
    shopKeys.payment,
  )
  return (
    <Stack gap="md">
      <TabToolbar
        message={message}
        addLabel={t('admin.shop.payment.add')}
        onAdd={() => setEditing('new')}
      />
      {methods.isPending && <ScreenLoader />}
      <RequestErrorAlert error={methods.error ?? remove.error} />
      {methods.isSuccess && (
        <MethodsTable
          label={t('admin.shop.tab.payment')}
          column={t('admin.shop.payment.kindLabel')}
          empty={t('admin.shop.payment.empty')}
          methods={methods.data}
          cell={(method) => t(`admin.shop.paymentKind.${method.kind}`)}
          rate={(rate, country) =>
            formatMinor(rate.feeNet, COUNTRY_CURRENCY[country], i18n.language)
          }
          onEdit={setEditing}
          onDelete={(method) => remove.mutate(method.id)}
        />
      )}
      {editing !== null && (
        <PaymentEditor
          method={editing === 'new' ? null : editing}
          onClose={close}
          onSaved={saved}
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
  const { draft, setDraft, errors, modal } = useDraftEditor({
    initial: () => draftOf(method),
    toInput: inputOf,
    schema: PaymentMethodInputSchema,
    save: (input: ReturnType<typeof inputOf>) => savePaymentMethod(method?.id ?? null, input),
    listKey: shopKeys.payment,
    onSaved,
  })
  const offered = COUNTRIES.filter((c) => draft.fees[c].offered)
  const setFee = (country: Country, change: Partial<PaymentDraft['fees'][Country]>) =>
    setDraft({
      ...draft,
      fees: { ...draft.fees, [country]: { ...draft.fees[country], ...change } },
    })
  return (
    <EditorModal title={t('admin.shop.payment.editTitle')} size="xl" {...modal} onClose={onClose}>
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
    </EditorModal>
  )
}
