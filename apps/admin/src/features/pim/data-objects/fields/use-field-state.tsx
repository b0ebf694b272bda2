import { Badge, Group, Input, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldDefinition } from '@optika/domain/pim/class-definition'
import { useEditorContext } from '../model/editor-context.ts'
import { inheritedValueAt, summarizeValue } from '../model/layout-model.ts'
import { useLayoutTitle } from '../model/layout-title.ts'
import { formatDataPath, getAtPath, type DataPath } from '../model/object-data.ts'

/** One field's value, its inherited value, its error and the props every Mantine input shares. */
export function useFieldState(field: FieldDefinition, path: DataPath) {
  const { t } = useTranslation()
  const context = useEditorContext()
  const titleOf = useLayoutTitle()
  const value = getAtPath(context.data, path)
  const inherited = inheritedValueAt(value, context.inherited, path)
  const readOnly =
    context.readOnly ||
    field.noteditable === true ||
    context.readOnlyFields?.has(field.name) === true
  const description: ReactNode =
    inherited !== undefined || field.tooltip ? (
      <Group gap={6} component="span">
        {inherited !== undefined && (
          <Badge size="xs" variant="dot" color="grape" component="span">
            {t('adminPimObjects.field.inherited')}
          </Badge>
        )}
        {field.tooltip && (
          <Text span size="xs">
            {field.tooltip}
          </Text>
        )}
      </Group>
    ) : undefined
  return {
    value,
    inherited,
    inheritedText: inherited === undefined ? undefined : summarizeValue(inherited),
    readOnly,
    set: (next: unknown) => context.setValue(path, next),
    common: {
      label: titleOf(field),
      description,
      withAsterisk: field.mandatory === true,
      error: context.errors[formatDataPath(path)],
      title: field.tooltip,
    },
  }
}

type FieldState = ReturnType<typeof useFieldState>

/** The field's label, description, error and asterisk around an input made of several parts. */
export function FieldWrapper({ state, children }: { state: FieldState; children: ReactNode }) {
  return (
    <Input.Wrapper
      label={state.common.label}
      description={state.common.description}
      error={state.common.error}
      withAsterisk={state.common.withAsterisk}
    >
      {children}
    </Input.Wrapper>
  )
}
