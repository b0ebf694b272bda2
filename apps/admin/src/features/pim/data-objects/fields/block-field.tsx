import { Button, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LayoutRenderer } from '../components/layout-renderer.tsx'
import type { FieldWidgetProps } from './field-widget.tsx'
import { ItemCard, ItemControls } from './item-controls.tsx'
import { FieldWrapper, useFieldState } from './use-field-state.tsx'

export function readRows(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.map((row) =>
        row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {},
      )
    : []
}

/** Rows of the block's fields: add, remove, reorder (Pimcore's block). */
export function BlockField({ field, path }: FieldWidgetProps) {
  const { t } = useTranslation()
  const state = useFieldState(field, path)
  const rows = readRows(state.value)
  const full = field.maxItems !== undefined && rows.length >= field.maxItems
  const write = (next: Record<string, unknown>[]) => state.set(next)
  return (
    <FieldWrapper state={state}>
      <Stack gap="xs" mt={4}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {state.inheritedText ?? t('adminPimObjects.block.empty')}
          </Text>
        )}
        {rows.map((_, index) => {
          const rowLabel = t('adminPimObjects.block.row', {
            name: state.common.label,
            index: index + 1,
          })
          return (
            <ItemCard
              key={index}
              label={rowLabel}
              component="fieldset"
              style={{ margin: 0 }}
              controls={
                !state.readOnly && (
                  <ItemControls label={rowLabel} items={rows} index={index} onChange={write} />
                )
              }
            >
              <LayoutRenderer nodes={field.children ?? []} basePath={[...path, index]} level={5} />
            </ItemCard>
          )
        })}
        {!state.readOnly && (
          <Group>
            <Button size="xs" variant="light" disabled={full} onClick={() => write([...rows, {}])}>
              {t('adminPimObjects.block.add', { name: state.common.label })}
            </Button>
          </Group>
        )}
      </Stack>
    </FieldWrapper>
  )
}
