import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import type { QuantityUnit } from '@optika/domain/pim/quantity-value-api'
import { unitLabel } from '../api/quantity-units-api.ts'
import {
  checkUnitForm,
  EMPTY_UNIT_FORM,
  formToUnit,
  unitToForm,
  type UnitFormValues,
} from '../api/unit-form.ts'
import { FormDialog } from '../../classification-stores/components/store-item-dialogs.tsx'

interface UnitDialogProps {
  current?: QuantityUnit | undefined
  units: readonly QuantityUnit[]
  pending: boolean
  error?: string | undefined
  onClose: () => void
  onSubmit: (unit: QuantityUnit) => void
}

/** Creates or edits a unit: code, abbreviation, names, and how it converts into its base unit. */
export function UnitDialog({ current, units, pending, error, onClose, onSubmit }: UnitDialogProps) {
  const { t } = useTranslation()
  const form = useForm<UnitFormValues>({
    mode: 'controlled',
    initialValues: current ? unitToForm(current) : EMPTY_UNIT_FORM,
    validate: (values) => {
      const problems = checkUnitForm(values)
      return Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [
          field,
          t(`adminPimStores.unit.problem.${problem}`),
        ]),
      )
    },
  })
  const hasBase = form.values.baseUnitId !== ''
  return (
    <FormDialog
      size="lg"
      title={
        current
          ? t('adminPimStores.unit.editTitle', { name: current.abbreviation })
          : t('adminPimStores.unit.createTitle')
      }
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => onSubmit(formToUnit(values)))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('adminPimStores.unit.id')}
          description={t('adminPimStores.unit.idHint')}
          required
          disabled={current !== undefined}
          data-autofocus
          maxLength={64}
          {...form.getInputProps('id')}
        />
        <TextInput
          label={t('adminPimStores.unit.abbreviation')}
          required
          maxLength={32}
          {...form.getInputProps('abbreviation')}
        />
        <TextInput
          label={t('adminPimStores.unit.longname')}
          maxLength={190}
          {...form.getInputProps('longname')}
        />
        <TextInput
          label={t('adminPimStores.unit.group')}
          maxLength={64}
          {...form.getInputProps('group')}
        />
        <NativeSelect
          label={t('adminPimStores.unit.baseUnit')}
          data={[
            { value: '', label: t('adminPimStores.unit.noBase') },
            ...units
              .filter((unit) => unit.id !== current?.id)
              .map((unit) => ({ value: unit.id, label: unitLabel(unit) })),
          ]}
          {...form.getInputProps('baseUnitId')}
        />
        <TextInput
          label={t('adminPimStores.unit.reference')}
          maxLength={190}
          {...form.getInputProps('reference')}
        />
        <TextInput
          label={t('adminPimStores.unit.factor')}
          description={t('adminPimStores.unit.factorHint')}
          inputMode="decimal"
          disabled={!hasBase}
          {...form.getInputProps('factor')}
        />
        <TextInput
          label={t('adminPimStores.unit.offset')}
          inputMode="decimal"
          disabled={!hasBase}
          {...form.getInputProps('conversionOffset')}
        />
      </SimpleGrid>
    </FormDialog>
  )
}
