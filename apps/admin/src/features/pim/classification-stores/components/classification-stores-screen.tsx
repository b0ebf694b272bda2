import { Button, Group, NativeSelect, Paper, Stack, Tabs, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useRequestError } from '../../../../lib/form-errors.ts'
import { createStore, editStore, storeKeys, useStores } from '../api/classification-store-api.ts'
import { NameDescriptionDialog } from './store-item-dialogs.tsx'
import { StoreListPanel } from './store-list-panel.tsx'

const TABS = ['collections', 'groups', 'properties'] as const
type Tab = (typeof TABS)[number]

/**
 * /admin/classification-stores — pick a store, then manage its collections, groups and keys
 * ("properties") and which keys a group and which groups a collection hold. The chosen store
 * and tab live in the address, so a reload keeps them.
 */
export function ClassificationStoresScreen() {
  const { t } = useTranslation()
  const requestError = useRequestError()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const stores = useStores()
  const [dialog, setDialog] = useState<'create' | 'edit' | null>(null)
  const requestedId = Number(params.get('store'))
  const store =
    stores.data?.find((candidate) => candidate.id === requestedId) ?? stores.data?.[0] ?? null
  const tabParam = params.get('tab')
  const tab: Tab = TABS.find((candidate) => candidate === tabParam) ?? 'collections'
  const choose = (next: { store?: number; tab?: Tab }) =>
    setParams({
      store: String(next.store ?? store?.id ?? ''),
      tab: next.tab ?? tab,
    })
  const save = useMutation({
    mutationFn: (values: { name: string; description: string }) =>
      dialog === 'edit' && store ? editStore({ id: store.id, ...values }) : createStore(values),
    onSuccess: async (saved) => {
      setDialog(null)
      await queryClient.invalidateQueries({ queryKey: storeKeys.stores })
      choose({ store: saved.id })
    },
  })
  const closeDialog = () => {
    save.reset()
    setDialog(null)
  }
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.classificationStore')}
        description={t('admin.screen.classificationStore.description')}
      />
      {stores.isPending && <ScreenLoader />}
      <RequestErrorAlert error={stores.error} />
      {stores.isSuccess && (
        <Group align="flex-end">
          <NativeSelect
            label={t('adminPimStores.store.label')}
            value={store ? String(store.id) : ''}
            onChange={(event) => choose({ store: Number(event.currentTarget.value) })}
            data={
              stores.data.length === 0
                ? [{ value: '', label: t('adminPimStores.store.none') }]
                : stores.data.map((candidate) => ({
                    value: String(candidate.id),
                    label: candidate.name,
                  }))
            }
            miw={240}
          />
          <Button onClick={() => setDialog('create')}>{t('adminPimStores.store.create')}</Button>
          {store && (
            <Button variant="default" onClick={() => setDialog('edit')}>
              {t('adminPimStores.store.edit')}
            </Button>
          )}
        </Group>
      )}
      {stores.isSuccess && !store && (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed">{t('adminPimStores.store.empty')}</Text>
        </Paper>
      )}
      {store && (
        <>
          {store.description !== '' && <Text c="dimmed">{store.description}</Text>}
          <Tabs
            value={tab}
            onChange={(value) => {
              const next = TABS.find((candidate) => candidate === value)
              if (next) choose({ tab: next })
            }}
            keepMounted={false}
          >
            <Tabs.List aria-label={t('adminPimStores.tabs.label')}>
              <Tabs.Tab value="collections">{t('adminPimStores.tab.collections')}</Tabs.Tab>
              <Tabs.Tab value="groups">{t('adminPimStores.tab.groups')}</Tabs.Tab>
              <Tabs.Tab value="properties">{t('adminPimStores.tab.keys')}</Tabs.Tab>
            </Tabs.List>
            {TABS.map((list) => (
              <Tabs.Panel key={list} value={list}>
                <StoreListPanel key={`${store.id}-${list}`} list={list} storeId={store.id} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
      {dialog !== null && (
        <NameDescriptionDialog
          title={
            dialog === 'edit' && store
              ? t('adminPimStores.store.editTitle', { name: store.name })
              : t('adminPimStores.store.createTitle')
          }
          initial={
            dialog === 'edit' && store
              ? { name: store.name, description: store.description }
              : undefined
          }
          pending={save.isPending}
          error={save.isError ? requestError(save.error) : undefined}
          onClose={closeDialog}
          onSubmit={(values) => save.mutate(values)}
        />
      )}
    </Stack>
  )
}
