import { Badge, Button, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ObjectDetail, VariantRow } from '@optika/domain/pim/object-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { useCreatableClasses } from '../api/classes-api.ts'
import { addObject, objectKeys, updateVariantKey, useVariants } from '../api/objects-api.ts'
import { KeyDialog } from '../components/key-dialog.tsx'

/** The colour a variant shows (its own or inherited `colorCss`), if it has one. */
function variantColor(variant: VariantRow): string | undefined {
  const css = variant.resolved.colorCss
  return typeof css === 'string' && /^#[0-9a-f]{3,8}$/i.test(css) ? css : undefined
}

/** The object's variants: open one, add one, rename one's key. */
export function VariantsTab({
  object,
  onOpen,
}: {
  object: ObjectDetail
  onOpen: (id: number) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const variants = useVariants(object.id)
  const creatable = useCreatableClasses()
  // A variant is an object of the parent's class: offered only if the user may create those.
  const mayAddVariant =
    object.permissions.create &&
    (creatable === undefined || creatable.some((entry) => entry.id === object.classId))
  const [adding, setAdding] = useState(false)
  const [renaming, setRenaming] = useState<VariantRow | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: objectKeys.all })
  const add = useMutation({
    mutationFn: (key: string) => addObject({ parentId: object.id, key, type: 'variant' }),
    onSuccess: async (added) => {
      setAdding(false)
      await refresh()
      onOpen(added.id)
    },
  })
  const rename = useMutation({
    mutationFn: (input: { id: number; key: string }) => updateVariantKey(input.id, input.key),
    onSuccess: async () => {
      setRenaming(null)
      await refresh()
    },
  })
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('adminPimObjects.variants.count', {
            count: variants.data?.total ?? object.variantCount,
          })}
        </Text>
        {mayAddVariant && (
          <Button size="xs" variant="light" onClick={() => setAdding(true)}>
            {t('adminPimObjects.action.addVariant')}
          </Button>
        )}
      </Group>
      <RequestErrorAlert error={variants.error} />
      {variants.data !== undefined && variants.data.variants.length > 0 && (
        <Table striped highlightOnHover aria-label={t('adminPimObjects.tab.variants')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPimObjects.dialog.key')}</Table.Th>
              <Table.Th>{t('adminPimObjects.variants.colour')}</Table.Th>
              <Table.Th>{t('adminPimObjects.variants.state')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.data.variants.map((variant) => {
              const color = variantColor(variant)
              return (
                <Table.Tr key={variant.id}>
                  <Table.Td>{variant.key}</Table.Td>
                  <Table.Td>
                    {color !== undefined && (
                      <Group gap={6}>
                        <ColorSwatch color={color} size={16} aria-hidden />
                        <Text size="xs">{color}</Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="dot" color={variant.published ? 'teal' : 'gray'}>
                      {variant.published
                        ? t('adminPimObjects.status.published')
                        : t('adminPimObjects.status.unpublished')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Button
                        size="compact-xs"
                        variant="light"
                        aria-label={t('adminPimObjects.variants.open', { name: variant.key })}
                        onClick={() => onOpen(variant.id)}
                      >
                        {t('adminPimObjects.action.open')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-label={t('adminPimObjects.variants.rename', { name: variant.key })}
                        onClick={() => setRenaming(variant)}
                      >
                        {t('admin.common.rename')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      )}
      {adding && (
        <KeyDialog
          title={t('adminPimObjects.action.addVariant')}
          submitLabel={t('admin.common.add')}
          pending={add.isPending}
          error={add.error}
          onClose={() => {
            add.reset()
            setAdding(false)
          }}
          onSubmit={(key) => add.mutate(key)}
        />
      )}
      {renaming !== null && (
        <KeyDialog
          title={t('adminPimObjects.action.renameTitle', { name: renaming.key })}
          submitLabel={t('admin.common.rename')}
          initialKey={renaming.key}
          pending={rename.isPending}
          error={rename.error}
          onClose={() => {
            rename.reset()
            setRenaming(null)
          }}
          onSubmit={(key) => rename.mutate({ id: renaming.id, key })}
        />
      )}
    </Stack>
  )
}
