import { Group, NumberInput, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { UnitPageSchema } from '@optika/domain/pim/quantity-value-api'
import { getJson } from '../../../../lib/api-client.ts'
import { toFieldNumber } from '../model/layout-model.ts'
import type { FieldWidgetProps } from './field-widget.tsx'
import { FieldWrapper, useFieldState } from './use-field-state.tsx'

export function useUnits() {
  return useQuery({
    queryKey: ['admin', 'quantity-units', 'all'],
    staleTime: 5 * 60_000,
    queryFn: async () =>
      UnitPageSchema.parse(await getJson('/admin/quantity-value/unit-proxy?limit=1000')).data,
  })
}

interface QuantityValue {
  value?: number
  unitId?: string
}

function readQuantity(value: unknown): QuantityValue {
  if (value === null || typeof value !== 'object') return {}
  const record = value as Record<string, unknown>
  return {
    ...(typeof record.value === 'number' ? { value: record.value } : {}),
    ...(typeof record.unitId === 'string' ? { unitId: record.unitId } : {}),
  }
}

/** A number with a unit from the quantity units (limited to the field's valid units). */
export function QuantityValueField({ field, path }: FieldWidgetProps) {
  const { t } = useTranslation()
  const state = useFieldState(field, path)
  const units = useUnits()
  const own = readQuantity(state.value)
  const valid = field.validUnits ?? []
  const offered = (units.data ?? []).filter((unit) => valid.length === 0 || valid.includes(unit.id))
  const unitId = own.unitId ?? field.defaultUnit ?? null
  function write(next: QuantityValue) {
    state.set(next.value === undefined ? undefined : { value: next.value, unitId: next.unitId })
  }
  return (
    <FieldWrapper state={state}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NumberInput
          aria-label={state.common.label}
          value={own.value ?? ''}
          placeholder={state.inheritedText}
          readOnly={state.readOnly}
          min={field.min}
          max={field.max}
          decimalScale={field.decimals}
          style={{ flex: 1 }}
          onChange={(next) =>
            write({ value: toFieldNumber(next, field.decimals), unitId: unitId ?? undefined })
          }
        />
        <Select
          aria-label={t('adminPimObjects.field.unitOf', { name: state.common.label })}
          data={offered.map((unit) => ({ value: unit.id, label: unit.abbreviation }))}
          value={unitId}
          readOnly={state.readOnly}
          w={120}
          onChange={(next) => write({ value: own.value, unitId: next ?? undefined })}
        />
      </Group>
    </FieldWrapper>
  )
}
