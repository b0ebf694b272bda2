import { Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  FieldContainerDefinitionSchema,
  type FieldContainerDefinition,
} from '@optika/domain/pim/class-definition'
import { getJson } from '../../../../lib/api-client.ts'
import { LayoutRenderer } from '../components/layout-renderer.tsx'
import { readRows } from './block-field.tsx'
import type { FieldWidgetProps } from './field-widget.tsx'
import { ItemCard, ItemControls } from './item-controls.tsx'
import { FieldWrapper, useFieldState } from './use-field-state.tsx'

type ContainerKind = 'fieldcollection' | 'objectbrick'

/** A field collection's or brick's definition, whether the answer is the definition or wraps it. */
function readContainer(body: unknown): FieldContainerDefinition {
  const direct = FieldContainerDefinitionSchema.safeParse(body)
  if (direct.success) return direct.data
  if (body !== null && typeof body === 'object') {
    for (const key of ['definition', 'data', 'item']) {
      const nested = FieldContainerDefinitionSchema.safeParse(
        (body as Record<string, unknown>)[key],
      )
      if (nested.success) return nested.data
    }
  }
  return FieldContainerDefinitionSchema.parse(body)
}

function useContainerDefinition(kind: ContainerKind, key: string) {
  return useQuery({
    queryKey: ['admin', 'class', kind, key],
    staleTime: 5 * 60_000,
    queryFn: async () =>
      readContainer(await getJson(`/admin/class/${kind}-get?id=${encodeURIComponent(key)}`)),
  })
}

function ContainerLayout({
  kind,
  type,
  basePath,
}: {
  kind: ContainerKind
  type: string
  basePath: (string | number)[]
}) {
  const { t } = useTranslation()
  const definition = useContainerDefinition(kind, type)
  if (definition.isPending) return <Text size="sm">{t('admin.loading')}</Text>
  if (definition.isError)
    return (
      <Text size="sm" c="red">
        {t('admin.form.requestFailed')}
      </Text>
    )
  return <LayoutRenderer nodes={definition.data.layout} basePath={basePath} level={5} />
}

/** Items of the allowed field collections, each with the fields of its collection. */
export function FieldCollectionsField({ field, path }: FieldWidgetProps) {
  const { t } = useTranslation()
  const state = useFieldState(field, path)
  const items = readRows(state.value)
  const allowed = field.allowedTypes ?? []
  const [adding, setAdding] = useState<string | null>(allowed[0] ?? null)
  const write = (next: Record<string, unknown>[]) => state.set(next)
  return (
    <FieldWrapper state={state}>
      <Stack gap="xs" mt={4}>
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('adminPimObjects.block.empty')}
          </Text>
        )}
        {items.map((item, index) => {
          const type = typeof item.type === 'string' ? item.type : ''
          const itemLabel = t('adminPimObjects.collection.item', { type, index: index + 1 })
          return (
            <ItemCard
              key={index}
              label={itemLabel}
              component="section"
              controls={
                !state.readOnly && (
                  <ItemControls label={itemLabel} items={items} index={index} onChange={write} />
                )
              }
            >
              {type !== '' && (
                <ContainerLayout kind="fieldcollection" type={type} basePath={[...path, index]} />
              )}
            </ItemCard>
          )
        })}
        {!state.readOnly && allowed.length > 0 && (
          <Group gap="xs" align="flex-end">
            <Select
              size="xs"
              label={t('adminPimObjects.collection.type')}
              data={[...allowed]}
              value={adding}
              onChange={setAdding}
            />
            <Button
              size="xs"
              variant="light"
              disabled={adding === null}
              onClick={() => adding !== null && write([...items, { type: adding }])}
            >
              {t('adminPimObjects.collection.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </FieldWrapper>
  )
}

/** The allowed bricks: each switched on or off, an enabled brick shows its fields. */
export function ObjectBricksField({ field, path }: FieldWidgetProps) {
  const { t } = useTranslation()
  const state = useFieldState(field, path)
  const bricks =
    state.value !== null && typeof state.value === 'object'
      ? (state.value as Record<string, unknown>)
      : {}
  return (
    <FieldWrapper state={state}>
      <Stack gap="xs" mt={4}>
        {(field.allowedTypes ?? []).map((brick) => {
          const enabled = brick in bricks
          return (
            <Paper key={brick} withBorder p="sm" radius="sm">
              <Checkbox
                label={t('adminPimObjects.brick.enable', { name: brick })}
                checked={enabled}
                disabled={state.readOnly}
                onChange={(event) => {
                  const next = { ...bricks }
                  // An enabled brick without values still counts: a placeholder key keeps it.
                  if (event.currentTarget.checked) next[brick] = { enabled: true }
                  else delete next[brick]
                  state.set(next)
                }}
              />
              {enabled && (
                <Stack mt="sm">
                  <ContainerLayout kind="objectbrick" type={brick} basePath={[...path, brick]} />
                </Stack>
              )}
            </Paper>
          )
        })}
      </Stack>
    </FieldWrapper>
  )
}
