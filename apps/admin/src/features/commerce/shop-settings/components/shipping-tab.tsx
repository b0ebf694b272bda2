import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import {
  ShippingMethodInputSchema,
  type ShippingMethod,
  type ShippingMethodInput,
} from '@optika/domain/commerce/admin-shop-api'
import { COUNTRIES, COUNTRY_CURRENCY, type Country } from '@optika/domain/commerce/countries'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFieldError } from '../../../../lib/form-errors.ts'
import {
  deleteShippingMethod,
  saveShippingMethod,
  shopKeys,
  useShippingMethods,
} from '../api/shop-settings-api.ts'
import { formatMinor, fromMinor, toMinor } from '../model/amounts.ts'
import { EditorModal, TabToolbar, useDraftEditor, useRowEditing } from './editor-parts.tsx'
import { MethodsTable } from './methods-table.tsx'
import { emptyTexts, MethodBasicsFields, type MethodBasics } from './method-fields.tsx'

interface RuleDraft {
  prefix: string
  price: number | string
}
interface RateDraft {
  offered: boolean
  price: number | string
  daysMin: number | string
  daysMax: number | string
  rules: RuleDraft[]
}
interface ShippingDraft extends MethodBasics {
  zipBased: boolean
  rates: Record<Country, RateDraft>
}

const num = (value: number | string) => (value === '' ? Number.NaN : Number(value))

function draftOf(method: ShippingMethod | null): ShippingDraft {
  const rates = Object.fromEntries(
    COUNTRIES.map((country) => {
      const rate = method?.rates.find((r) => r.country === country)
      const currency = COUNTRY_CURRENCY[country]
      return [
        country,
        {
          offered: Boolean(rate),
          price: rate ? fromMinor(rate.priceNet, currency) : 0,
          daysMin: rate?.deliveryDaysMin ?? 2,
          daysMax: rate?.deliveryDaysMax ?? 4,
          rules: (rate?.postcodeRules ?? []).map((r) => ({
            prefix: r.prefix,
            price: fromMinor(r.priceNet, currency),
          })),
        },
      ]
    }),
  ) as Record<Country, RateDraft>
  return {
    code: method?.code ?? '',
    name: method ? { ...method.name } : emptyTexts(),
    description: method ? { ...method.description } : emptyTexts(),
    position: method?.position ?? 0,
    active: method?.active ?? true,
    zipBased: method?.zipBased ?? false,
    rates,
  }
}

/** The draft as the API input; the offered countries only, amounts in minor units. */
function inputOf(draft: ShippingDraft): ShippingMethodInput {
  return {
    code: draft.code,
    name: draft.name,
    description: draft.description,
    position: num(draft.position),
    active: draft.active,
    zipBased: draft.zipBased,
    rates: COUNTRIES.filter((c) => draft.rates[c].offered).map((country) => {
      const rate = draft.rates[country]
      const currency = COUNTRY_CURRENCY[country]
      return {
        country,
        priceNet: rate.price === '' ? Number.NaN : toMinor(rate.price, currency),
        postcodeRules: draft.zipBased
          ? rate.rules.map((r) => ({
              prefix: r.prefix,
              priceNet: r.price === '' ? Number.NaN : toMinor(r.price, currency),
            }))
          : [],
        deliveryDaysMin: num(rate.daysMin),
        deliveryDaysMax: num(rate.daysMax),
      }
    }),
  }
}

/** Shipping methods with their price per country (postcode rules for zip-based ones). */
export function ShippingTab() {
  const { t, i18n } = useTranslation()
  const methods = useShippingMethods()
  const { editing, setEditing, message, remove, close, saved } = useRowEditing<ShippingMethod>(
    deleteShippingMethod,
    shopKeys.shipping,
  )
  return (
    <Stack gap="md">
      <TabToolbar
        message={message}
        addLabel={t('admin.shop.shipping.add')}
        onAdd={() => setEditing('new')}
      />
      {methods.isPending && <ScreenLoader />}
      <RequestErrorAlert error={methods.error ?? remove.error} />
      {methods.isSuccess && (
        <MethodsTable
          label={t('admin.shop.tab.shipping')}
          column={t('admin.shop.method.code')}
          empty={t('admin.shop.shipping.empty')}
          methods={methods.data}
          badges={(method) =>
            method.zipBased && <Badge variant="light">{t('admin.shop.shipping.zipBased')}</Badge>
          }
          cell={(method) => method.code}
          rate={(rate, country) => (
            <Stack gap={0}>
              <span>{formatMinor(rate.priceNet, COUNTRY_CURRENCY[country], i18n.language)}</span>
              <Text size="xs" c="dimmed">
                {t('admin.shop.shipping.deliveryDays', {
                  min: rate.deliveryDaysMin,
                  max: rate.deliveryDaysMax,
                })}
              </Text>
              {rate.postcodeRules.length > 0 && (
                <Text size="xs" c="dimmed">
                  {t('admin.shop.shipping.rulesCount', {
                    count: rate.postcodeRules.length,
                  })}
                </Text>
              )}
            </Stack>
          )}
          onEdit={setEditing}
          onDelete={(method) => remove.mutate(method.id)}
        />
      )}
      {editing !== null && (
        <ShippingEditor
          method={editing === 'new' ? null : editing}
          onClose={close}
          onSaved={saved}
        />
      )}
    </Stack>
  )
}

function ShippingEditor({
  method,
  onClose,
  onSaved,
}: {
  method: ShippingMethod | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const fieldError = useFieldError()
  const { draft, setDraft, errors, modal } = useDraftEditor({
    initial: () => draftOf(method),
    toInput: inputOf,
    schema: ShippingMethodInputSchema,
    save: (input: ReturnType<typeof inputOf>) => saveShippingMethod(method?.id ?? null, input),
    listKey: shopKeys.shipping,
    onSaved,
  })
  // Errors name a rate by its index among the offered countries.
  const offered = COUNTRIES.filter((c) => draft.rates[c].offered)
  const rateError = (country: Country, field: string) =>
    fieldError(errors[`rates.${offered.indexOf(country)}.${field}`])
  const setRate = (country: Country, change: Partial<RateDraft>) =>
    setDraft({
      ...draft,
      rates: { ...draft.rates, [country]: { ...draft.rates[country], ...change } },
    })

  return (
    <EditorModal title={t('admin.shop.shipping.editTitle')} size="xl" {...modal} onClose={onClose}>
      <MethodBasicsFields value={draft} onChange={setDraft} errors={errors} />
      <Switch
        label={t('admin.shop.shipping.zipBased')}
        checked={draft.zipBased}
        onChange={(e) => setDraft({ ...draft, zipBased: e.currentTarget.checked })}
      />
      <Title order={3} size="h5">
        {t('admin.shop.method.countries')}
      </Title>
      {COUNTRIES.map((country) => {
        const rate = draft.rates[country]
        const currency = COUNTRY_CURRENCY[country]
        const countryName = t(`country.${country}`)
        return (
          <Paper key={country} withBorder p="sm">
            <Stack gap="xs">
              <Checkbox
                label={t('admin.shop.method.offeredIn', { country: countryName })}
                checked={rate.offered}
                onChange={(e) => setRate(country, { offered: e.currentTarget.checked })}
              />
              {rate.offered && (
                <Group grow align="flex-start">
                  <NumberInput
                    label={t('admin.shop.shipping.priceFor', {
                      country: countryName,
                      currency,
                    })}
                    value={rate.price}
                    onChange={(price) => setRate(country, { price })}
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    error={rateError(country, 'priceNet')}
                  />
                  <NumberInput
                    label={t('admin.shop.shipping.daysMin')}
                    value={rate.daysMin}
                    onChange={(daysMin) => setRate(country, { daysMin })}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    error={rateError(country, 'deliveryDaysMin')}
                  />
                  <NumberInput
                    label={t('admin.shop.shipping.daysMax')}
                    value={rate.daysMax}
                    onChange={(daysMax) => setRate(country, { daysMax })}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    error={rateError(country, 'deliveryDaysMax')}
                  />
                </Group>
              )}
              {rate.offered && draft.zipBased && (
                <PostcodeRules
                  country={countryName}
                  currency={currency}
                  rules={rate.rules}
                  onChange={(rules) => setRate(country, { rules })}
                  error={(i, field) => rateError(country, `postcodeRules.${i}.${field}`)}
                  listError={rateError(country, 'postcodeRules')}
                />
              )}
            </Stack>
          </Paper>
        )
      })}
    </EditorModal>
  )
}

/** The postcode-prefix prices of one country; the longest matching prefix applies. */
function PostcodeRules({
  country,
  currency,
  rules,
  onChange,
  error,
  listError,
}: {
  country: string
  currency: string
  rules: RuleDraft[]
  onChange: (rules: RuleDraft[]) => void
  error: (index: number, field: 'prefix' | 'priceNet') => string | undefined
  listError: string | undefined
}) {
  const { t } = useTranslation()
  const change = (index: number, rule: Partial<RuleDraft>) =>
    onChange(rules.map((r, i) => (i === index ? { ...r, ...rule } : r)))
  return (
    <Stack
      gap="xs"
      role="group"
      aria-label={`${t('admin.shop.shipping.postcodeRules')} – ${country}`}
    >
      <Text size="sm" fw={500}>
        {t('admin.shop.shipping.postcodeRules')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('admin.shop.shipping.rulesHint')}
      </Text>
      {rules.map((rule, index) => (
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={t('admin.shop.shipping.prefix')}
            value={rule.prefix}
            inputMode="numeric"
            onChange={(e) => change(index, { prefix: e.currentTarget.value })}
            error={error(index, 'prefix')}
          />
          <NumberInput
            label={`${t('admin.shop.shipping.price')} (${currency})`}
            value={rule.price}
            onChange={(price) => change(index, { price })}
            min={0}
            decimalScale={2}
            allowNegative={false}
            error={error(index, 'priceNet')}
          />
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={t('admin.shop.shipping.removeRule', { prefix: rule.prefix })}
            onClick={() => onChange(rules.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {listError && (
        <Text c="red" size="sm">
          {listError}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() => onChange([...rules, { prefix: '', price: 0 }])}
      >
        {t('admin.shop.shipping.addRule')}
      </Button>
    </Stack>
  )
}
