import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QuantityUnit } from '@optika/domain/pim/quantity-value-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { convertValue, convertValueToAll, unitLabel } from '../api/quantity-units-api.ts'
import { parseDecimal } from '../api/unit-form.ts'

/** Converts a value from one unit to another, or into every unit it can be converted to. */
export function ConvertTool({ units }: { units: readonly QuantityUnit[] }) {
  const { t, i18n } = useTranslation()
  const [value, setValue] = useState('')
  const [fromUnit, setFromUnit] = useState('')
  const [toUnit, setToUnit] = useState('')
  const [invalid, setInvalid] = useState(false)
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 10 })
  const abbreviation = (id: string) => units.find((unit) => unit.id === id)?.abbreviation ?? id
  const convert = useMutation({
    mutationFn: (input: { value: number; from: string; to: string | null }) =>
      input.to === null
        ? convertValueToAll(input.value, input.from)
        : convertValue(input.value, input.from, input.to).then((result) => ({
            values: [
              {
                unitId: result.toUnit,
                abbreviation: abbreviation(result.toUnit),
                value: result.value,
              },
            ],
          })),
  })
  const options = [
    { value: '', label: t('adminPimStores.convert.chooseUnit') },
    ...units.map((unit) => ({ value: unit.id, label: unitLabel(unit) })),
  ]
  const run = (all: boolean) => {
    const parsed = parseDecimal(value)
    const ok = parsed !== null && !Number.isNaN(parsed)
    setInvalid(!ok)
    if (ok && fromUnit !== '' && (all || toUnit !== '')) {
      convert.mutate({ value: parsed, from: fromUnit, to: all ? null : toUnit })
    }
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="convert-tool-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="convert-tool-title">
          {t('adminPimStores.convert.title')}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            run(false)
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('adminPimStores.convert.value')}
              inputMode="decimal"
              value={value}
              error={invalid ? t('adminPimStores.unit.problem.notANumber') : undefined}
              onChange={(event) => setValue(event.currentTarget.value)}
              w={140}
            />
            <NativeSelect
              label={t('adminPimStores.convert.from')}
              value={fromUnit}
              onChange={(event) => setFromUnit(event.currentTarget.value)}
              data={options}
            />
            <NativeSelect
              label={t('adminPimStores.convert.to')}
              value={toUnit}
              onChange={(event) => setToUnit(event.currentTarget.value)}
              data={options}
            />
            <Button type="submit" disabled={fromUnit === '' || toUnit === ''}>
              {t('adminPimStores.convert.submit')}
            </Button>
            <Button variant="default" disabled={fromUnit === ''} onClick={() => run(true)}>
              {t('adminPimStores.convert.all')}
            </Button>
          </Group>
        </form>
        <RequestErrorAlert error={convert.error} />
        <div role="status" aria-live="polite">
          {convert.isSuccess && convert.variables && (
            <Stack gap={4}>
              {convert.data.values.map((entry) => (
                <Text key={entry.unitId} fw={500}>
                  {t('adminPimStores.convert.result', {
                    value: number.format(convert.variables.value),
                    from: abbreviation(convert.variables.from),
                    result: number.format(entry.value),
                    to: entry.abbreviation,
                  })}
                </Text>
              ))}
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  )
}
