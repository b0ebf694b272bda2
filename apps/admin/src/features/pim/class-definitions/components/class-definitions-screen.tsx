import {
  Button,
  Grid,
  Group,
  Modal,
  NavLink,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { IDENTIFIER } from '@optika/domain/pim/class-definition'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { addClass, classKeys, useClassTree } from '../api/class-definitions-api.ts'
import { ClassEditor } from './class-editor.tsx'
import { ContainersPanel } from './containers-panel.tsx'
import { SelectOptionsPanel } from './select-options-panel.tsx'

const TABS = ['classes', 'fieldcollections', 'objectbricks', 'selectOptions'] as const
type Tab = (typeof TABS)[number]

/** /admin/class-definitions — classes, field collections, object bricks and option sets. */
export function ClassDefinitionsScreen() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab: Tab = TABS.find((candidate) => candidate === params.get('tab')) ?? 'classes'
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.classes')}
        description={t('adminPimClasses.screen.description')}
      />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'classes' ? { tab: next } : {})}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('adminPimClasses.tabs.label')}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`adminPimClasses.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="classes" pt="lg">
          <ClassesTab />
        </Tabs.Panel>
        <Tabs.Panel value="fieldcollections" pt="lg">
          <ContainersPanel kind="fieldcollection" />
        </Tabs.Panel>
        <Tabs.Panel value="objectbricks" pt="lg">
          <ContainersPanel kind="objectbrick" />
        </Tabs.Panel>
        <Tabs.Panel value="selectOptions" pt="lg">
          <SelectOptionsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

/** The class tree grouped by group, and the editor of the class named in the address (?class=). */
function ClassesTab() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const selected = params.get('class')
  const select = (id: string | null) => setParams(id === null ? {} : { class: id })
  const tree = useClassTree()
  const [adding, setAdding] = useState(false)
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Button onClick={() => setAdding(true)}>{t('adminPimClasses.add.button')}</Button>
            <RequestErrorAlert error={tree.error} />
            {tree.data?.length === 0 && <Text c="dimmed">{t('adminPimClasses.tree.empty')}</Text>}
            <nav aria-label={t('adminPimClasses.tree.label')}>
              {tree.data?.map((group) => (
                <NavLink
                  key={group.group}
                  label={group.group || t('adminPimClasses.tree.noGroup')}
                  defaultOpened
                  childrenOffset="sm"
                >
                  {group.classes.map((item) => (
                    <NavLink
                      key={item.id}
                      component="button"
                      label={item.id === item.name ? item.name : `${item.name} (${item.id})`}
                      active={selected === item.id}
                      aria-current={selected === item.id ? 'page' : undefined}
                      onClick={() => select(item.id)}
                    />
                  ))}
                </NavLink>
              ))}
            </nav>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selected === null ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed">{t('adminPimClasses.nothingSelected')}</Text>
          </Paper>
        ) : (
          <ClassEditor
            key={selected}
            id={selected}
            onDeleted={() => select(null)}
            onImported={(id) => select(id)}
          />
        )}
      </Grid.Col>
      <AddClassDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false)
          select(id)
        }}
      />
    </Grid>
  )
}

function AddClassDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean
  onClose: () => void
  onCreated: (id: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [id, setId] = useState('')
  const [name, setName] = useState('')
  const idValid = IDENTIFIER.test(id)
  const create = useMutation({
    mutationFn: () => addClass({ id, name: name.trim() === '' ? id : name.trim() }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: classKeys.tree })
      setId('')
      setName('')
      onCreated(created.id)
    },
  })
  return (
    <Modal opened={opened} onClose={onClose} title={t('adminPimClasses.add.button')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (idValid) create.mutate()
        }}
      >
        <Stack gap="md">
          <RequestErrorAlert error={create.error} />
          <TextInput
            label={t('adminPimClasses.add.id')}
            description={t('adminPimClasses.add.idHint')}
            required
            data-autofocus
            value={id}
            error={id !== '' && !idValid ? t('adminPimClasses.add.idHint') : undefined}
            onChange={(e) => setId(e.currentTarget.value)}
          />
          <TextInput
            label={t('adminPimClasses.add.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('adminPimClasses.common.cancel')}
            </Button>
            <Button type="submit" disabled={!idValid} loading={create.isPending}>
              {t('adminPimClasses.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
