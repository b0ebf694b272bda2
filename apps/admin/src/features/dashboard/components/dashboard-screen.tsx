import { Box, Button, Group, Loader, Menu, Modal, Stack, Tabs, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { WIDGET_TYPES, mayUseWidget } from '@optika/domain/operations/dashboards'
import { ScreenHeader } from '../../../components/screen-header.tsx'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ChevronDownIcon } from '../../../components/icons.tsx'
import { useCurrentUser } from '../../identity/auth/api/auth-api.ts'
import {
  useDashboardConfiguration,
  useDashboardList,
  useDashboardMutations,
  useWidgetMutations,
} from '../api/dashboards-api.ts'
import { AreaLinksWidget } from './widgets/area-links-widget.tsx'
import { DashboardBoard } from './dashboard-board.tsx'
import { DashboardNameModal } from './dashboard-name-modal.tsx'
import { SystemStatusCard } from './system-status-card.tsx'
import { WIDGET_TITLE_KEYS } from './widget-titles.ts'

/**
 * The back office's landing screen at /admin: the user's dashboards as tabs (the chosen one in
 * `?dashboard=`), each with its widgets in columns. A user without the dashboards key sees the
 * system status and the way to each area.
 */
export function DashboardScreen() {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const mayUseDashboards =
    user !== undefined && (user.isAdmin || user.effectivePermissions.includes('dashboards'))
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.dashboard.welcome')}
        description={t('admin.dashboard.intro')}
        documentTitle={t('admin.nav.dashboard')}
      />
      {mayUseDashboards ? <Dashboards /> : <FixedDashboard />}
    </Stack>
  )
}

function FixedDashboard() {
  return (
    <Stack gap="xl">
      <Box maw={480}>
        <SystemStatusCard />
      </Box>
      <AreaLinksWidget />
    </Stack>
  )
}

function tabValue(index: number): string {
  return `dashboard-${index}`
}

type Dialog = 'create' | 'rename' | 'delete' | null

function Dashboards() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const list = useDashboardList()
  const mutations = useDashboardMutations()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [status, setStatus] = useState('')
  const dashboards = list.data?.dashboards ?? []
  const requested = params.get('dashboard')
  const selected = dashboards.find((d) => d.key === requested)?.key ?? dashboards[0]?.key ?? null
  const select = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('dashboard', key)
        return next
      },
      { replace: false },
    )

  if (list.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('dashboards.screen.loading')}</Text>
      </Group>
    )
  }
  if (list.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <RequestErrorAlert error={list.error} />
        <Text c="red.8">{t('dashboards.screen.loadError')}</Text>
        <Button size="xs" variant="light" onClick={() => void list.refetch()}>
          {t('dashboards.screen.retry')}
        </Button>
      </Stack>
    )
  }
  const closeDialog = () => {
    mutations.create.reset()
    mutations.rename.reset()
    mutations.remove.reset()
    setDialog(null)
  }
  return (
    <Stack gap="md">
      <Text size="sm" role="status" aria-live="polite" style={{ minHeight: '1.2em' }}>
        {status}
      </Text>
      {/* Tab values are positions: a name may hold spaces, which an element id may not. */}
      <Tabs
        value={tabValue(dashboards.findIndex((d) => d.key === selected))}
        onChange={(value) => {
          const dashboard = dashboards.find((_, index) => tabValue(index) === value)
          if (dashboard) select(dashboard.key)
        }}
      >
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Tabs.List aria-label={t('dashboards.screen.tabsLabel')} style={{ flex: '1 1 16rem' }}>
            {dashboards.map((dashboard, index) => (
              <Tabs.Tab key={dashboard.key} value={tabValue(index)}>
                {dashboard.key}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Group gap="xs" wrap="wrap">
            {selected !== null && <AddWidgetMenu dashboardKey={selected} onAdded={setStatus} />}
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" rightSection={<ChevronDownIcon />}>
                  {t('dashboards.screen.actions')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setDialog('create')}>
                  {t('dashboards.screen.create')}
                </Menu.Item>
                <Menu.Item disabled={selected === null} onClick={() => setDialog('rename')}>
                  {t('dashboards.screen.rename')}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  disabled={selected === null || dashboards.length <= 1}
                  onClick={() => setDialog('delete')}
                >
                  {t('dashboards.screen.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {dashboards.map((dashboard, index) => (
          <Tabs.Panel key={dashboard.key} value={tabValue(index)} pt="md">
            {/* Every panel exists (each tab controls one); only the chosen one loads. */}
            {dashboard.key === selected && <DashboardPanel dashboardKey={dashboard.key} />}
          </Tabs.Panel>
        ))}
      </Tabs>
      {dialog === 'create' && (
        <DashboardNameModal
          title={t('dashboards.screen.create')}
          initialName=""
          saving={mutations.create.isPending}
          error={mutations.create.error}
          onClose={closeDialog}
          onSave={(name) =>
            mutations.create.mutate(name, {
              onSuccess: (created) => {
                closeDialog()
                setStatus(t('dashboards.screen.created', { name: created.key }))
                select(created.key)
              },
            })
          }
        />
      )}
      {dialog === 'rename' && selected !== null && (
        <DashboardNameModal
          title={t('dashboards.screen.rename')}
          initialName={selected}
          saving={mutations.rename.isPending}
          error={mutations.rename.error}
          onClose={closeDialog}
          onSave={(name) =>
            mutations.rename.mutate(
              { key: selected, newKey: name },
              {
                onSuccess: (renamed) => {
                  closeDialog()
                  setStatus(t('dashboards.screen.renamed', { name: renamed.key }))
                  select(renamed.key)
                },
              },
            )
          }
        />
      )}
      {dialog === 'delete' && selected !== null && (
        <Modal opened onClose={closeDialog} title={t('dashboards.screen.delete')}>
          <Stack gap="sm">
            <Text>{t('dashboards.screen.deleteConfirm', { name: selected })}</Text>
            <RequestErrorAlert error={mutations.remove.error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeDialog}>
                {t('dashboards.screen.cancel')}
              </Button>
              <Button
                color="red"
                loading={mutations.remove.isPending}
                onClick={() =>
                  mutations.remove.mutate(selected, {
                    onSuccess: () => {
                      closeDialog()
                      setStatus(t('dashboards.screen.deleted', { name: selected }))
                      const next = dashboards.find((d) => d.key !== selected)
                      if (next) select(next.key)
                    },
                  })
                }
              >
                {t('dashboards.screen.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  )
}

function AddWidgetMenu({
  dashboardKey,
  onAdded,
}: {
  dashboardKey: string
  onAdded: (message: string) => void
}) {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const mutations = useWidgetMutations(dashboardKey)
  const offered = WIDGET_TYPES.filter(
    (type) => user !== undefined && mayUseWidget(type, user.effectivePermissions, user.isAdmin),
  )
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button rightSection={<ChevronDownIcon />} loading={mutations.add.isPending}>
          {t('dashboards.screen.addWidget')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {offered.map((type) => (
          <Menu.Item
            key={type}
            onClick={() =>
              mutations.add.mutate(type, {
                onSuccess: () =>
                  onAdded(
                    t('dashboards.screen.widgetAdded', { title: t(WIDGET_TITLE_KEYS[type]) }),
                  ),
              })
            }
          >
            {t(WIDGET_TITLE_KEYS[type])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}

function DashboardPanel({ dashboardKey }: { dashboardKey: string }) {
  const { t } = useTranslation()
  const configuration = useDashboardConfiguration(dashboardKey)
  if (configuration.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('dashboards.screen.loading')}</Text>
      </Group>
    )
  }
  if (configuration.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <RequestErrorAlert error={configuration.error} />
        <Button size="xs" variant="light" onClick={() => void configuration.refetch()}>
          {t('dashboards.screen.retry')}
        </Button>
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      {configuration.data.positions.flat().length === 0 && (
        <Text c="dimmed">{t('dashboards.screen.empty')}</Text>
      )}
      <DashboardBoard dashboard={configuration.data} />
    </Stack>
  )
}
