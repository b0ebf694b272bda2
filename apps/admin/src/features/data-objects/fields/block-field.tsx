import { ActionIcon, Button, Group, Input, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LayoutRenderer } from '../components/layout-renderer.tsx'
import { moveItem } from '../model/object-data.ts'
import type { FieldWidgetProps } from './field-widget.tsx'
import { useFieldState } from './use-field-state.tsx'

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
    <Input.Wrapper
      label={state.common.label}
      description={state.common.description}
      error={state.common.error}
      withAsterisk={state.common.withAsterisk}
    >
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
            <Paper
              key={index}
              withBorder
              p="sm"
              radius="sm"
              component="fieldset"
              aria-label={rowLabel}
              style={{ margin: 0 }}
            >
              <Group justify="space-between" mb="xs">
                <Text size="sm" fw={600}>
                  {rowLabel}
                </Text>
                {!state.readOnly && (
                  <Group gap={2}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      disabled={index === 0}
                      aria-label={t('adminPimObjects.list.moveUp', { name: rowLabel })}
                      onClick={() => write(moveItem(rows, index, -1))}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      disabled={index === rows.length - 1}
                      aria-label={t('adminPimObjects.list.moveDown', { name: rowLabel })}
                      onClick={() => write(moveItem(rows, index, 1))}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('adminPimObjects.list.remove', { name: rowLabel })}
                      onClick={() => write(rows.filter((__, at) => at !== index))}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                )}
              </Group>
              <LayoutRenderer nodes={field.children ?? []} basePath={[...path, index]} level={5} />
            </Paper>
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
    </Input.Wrapper>
  )
}
