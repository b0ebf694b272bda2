import { Button, Group, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CollectionPageSchema,
  GroupPageSchema,
  GroupsWithKeysSchema,
  type GroupWithKeys,
} from '@optika/domain/pim/classification-store-api'
import { LOCALES } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import { FieldWidget, type FieldWidgetProps } from './field-widget.tsx'
import { ItemCard, RemoveItemButton } from './item-controls.tsx'
import { FieldWrapper, useFieldState } from './use-field-state.tsx'

interface StoreValue {
  groups: number[]
  values: Record<string, unknown>
}

function readStoreValue(value: unknown): StoreValue {
  if (value === null || typeof value !== 'object') return { groups: [], values: {} }
  const record = value as Record<string, unknown>
  return {
    groups: Array.isArray(record.groups)
      ? record.groups.filter((id): id is number => typeof id === 'number')
      : [],
    values:
      record.values !== null && typeof record.values === 'object'
        ? (record.values as Record<string, unknown>)
        : {},
  }
}

const STORE = '/admin/classificationstore'

async function groupsWithKeys(url: string, body: unknown): Promise<GroupWithKeys[]> {
  return GroupsWithKeysSchema.parse(await sendJson('POST', url, body)).groups
}

/** The active groups of a classification store with a value per key and language. */
export function ClassificationStoreField({ field, path }: FieldWidgetProps) {
  const { t } = useTranslation()
  const state = useFieldState(field, path)
  const storeId = field.storeId ?? 0
  const current = readStoreValue(state.value)
  const [language, setLanguage] = useState('default')
  const [pickedGroups, setPickedGroups] = useState<string[]>([])
  const [pickedCollection, setPickedCollection] = useState<string | null>(null)
  const active = useQuery({
    queryKey: ['admin', 'classificationstore', 'groups-with-keys', current.groups.join(',')],
    enabled: current.groups.length > 0,
    staleTime: 5 * 60_000,
    queryFn: () => groupsWithKeys(`${STORE}/add-groups`, { groupIds: current.groups }),
  })
  const allGroups = useQuery({
    queryKey: ['admin', 'classificationstore', 'groups', storeId],
    enabled: storeId > 0 && !state.readOnly,
    queryFn: async () =>
      GroupPageSchema.parse(await getJson(`${STORE}/groups?storeId=${storeId}&limit=1000`)).data,
  })
  const collections = useQuery({
    queryKey: ['admin', 'classificationstore', 'collections', storeId],
    enabled: storeId > 0 && !state.readOnly,
    queryFn: async () =>
      CollectionPageSchema.parse(
        await getJson(`${STORE}/collections?storeId=${storeId}&limit=1000`),
      ).data,
  })
  const writeGroups = (groupIds: number[]) => {
    const unique = [...new Set(groupIds)]
    const values = Object.fromEntries(
      Object.entries(current.values).filter(([groupId]) => unique.includes(Number(groupId))),
    )
    state.set(unique.length === 0 ? undefined : { groups: unique, values })
  }
  const addCollection = useMutation({
    mutationFn: (collectionId: number) =>
      groupsWithKeys(`${STORE}/add-collections`, { collectionIds: [collectionId] }),
    onSuccess: (groups) => writeGroups([...current.groups, ...groups.map((group) => group.id)]),
  })
  const byId = new Map((active.data ?? []).map((group) => [group.id, group]))
  return (
    <FieldWrapper state={state}>
      <Stack gap="sm" mt={4}>
        <RequestErrorAlert error={active.error ?? addCollection.error} />
        <SegmentedControl
          size="xs"
          aria-label={t('adminPimObjects.store.language')}
          value={language}
          onChange={setLanguage}
          data={[
            { value: 'default', label: t('adminPimObjects.store.default') },
            ...LOCALES.map((locale) => ({ value: locale, label: locale.toUpperCase() })),
          ]}
        />
        {current.groups.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('adminPimObjects.store.noGroups')}
          </Text>
        )}
        {current.groups.map((groupId) => {
          const group = byId.get(groupId)
          const name = group?.name ?? `#${groupId}`
          return (
            <ItemCard
              key={groupId}
              label={name}
              component="section"
              controls={
                !state.readOnly && (
                  <RemoveItemButton
                    label={name}
                    onRemove={() => writeGroups(current.groups.filter((id) => id !== groupId))}
                  />
                )
              }
            >
              <Stack gap="sm">
                {(group?.keys ?? []).map((key) => (
                  <FieldWidget
                    key={key.id}
                    field={{
                      ...key.definition,
                      name: key.name,
                      title: key.title || key.name,
                      mandatory: key.mandatory,
                    }}
                    path={[...path, 'values', String(groupId), String(key.id), language]}
                  />
                ))}
              </Stack>
            </ItemCard>
          )
        })}
        {!state.readOnly && storeId > 0 && (
          <Group gap="xs" align="flex-end">
            <MultiSelect
              size="xs"
              label={t('adminPimObjects.store.groups')}
              data={(allGroups.data ?? [])
                .filter((group) => !current.groups.includes(group.id))
                .map((group) => ({ value: String(group.id), label: group.name }))}
              value={pickedGroups}
              onChange={setPickedGroups}
              searchable
              style={{ minWidth: 200 }}
            />
            <Button
              size="xs"
              variant="light"
              disabled={pickedGroups.length === 0}
              onClick={() => {
                writeGroups([...current.groups, ...pickedGroups.map(Number)])
                setPickedGroups([])
              }}
            >
              {t('adminPimObjects.store.addGroups')}
            </Button>
            <Select
              size="xs"
              label={t('adminPimObjects.store.collection')}
              data={(collections.data ?? []).map((collection) => ({
                value: String(collection.id),
                label: collection.name,
              }))}
              value={pickedCollection}
              onChange={setPickedCollection}
            />
            <Button
              size="xs"
              variant="light"
              disabled={pickedCollection === null}
              loading={addCollection.isPending}
              onClick={() =>
                pickedCollection !== null && addCollection.mutate(Number(pickedCollection))
              }
            >
              {t('adminPimObjects.store.addCollection')}
            </Button>
          </Group>
        )}
      </Stack>
    </FieldWrapper>
  )
}
