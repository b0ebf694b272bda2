import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StaticRoute } from '@optika/domain/operations/static-routes'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useStaticRouteActions, useStaticRoutes } from '../api/static-routes-api.ts'
import { RouteTester } from './route-tester.tsx'
import { StaticRouteForm } from './static-route-form.tsx'

/**
 * /admin/static-routes — the storefront's static routes (Pimcore's StaticRoutesBundle): a list
 * searched as you type, in the order they answer (priority), a form to add or change one, and a
 * tester that shows which route answers an address and what it draws.
 */
export function StaticRoutesScreen() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [filter] = useDebouncedValue(search.trim(), 250)
  const routes = useStaticRoutes(filter)
  const { save, destroy } = useStaticRouteActions()
  const [editing, setEditing] = useState<StaticRoute | 'new' | null>(null)
  const [deleting, setDeleting] = useState<StaticRoute | null>(null)
  const [notice, setNotice] = useState('')

  const close = () => {
    setEditing(null)
    save.reset()
  }

  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.staticRoutes')}
        description={t('admin.screen.staticRoutes.description')}
      />
      <RouteTester />
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            label={t('siteTools.routes.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 14rem', minWidth: 0 }}
            maxLength={200}
          />
          <Button
            onClick={() => {
              setNotice('')
              setEditing('new')
            }}
          >
            {t('siteTools.routes.add')}
          </Button>
        </Group>
        <div role="status">
          {notice ? (
            <Alert color="green" withCloseButton onClose={() => setNotice('')}>
              {notice}
            </Alert>
          ) : null}
        </div>
        <RequestErrorAlert error={destroy.error} />
        {routes.isPending ? (
          <ScreenLoader />
        ) : !routes.isSuccess ? (
          <RequestErrorAlert error={routes.error} />
        ) : routes.data.data.length === 0 ? (
          <Text c="dimmed">
            {filter ? t('siteTools.routes.noMatch') : t('siteTools.routes.empty')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('siteTools.routes.count', { count: routes.data.total })}
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder aria-label={t('admin.nav.staticRoutes')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('siteTools.routes.column.priority')}</Table.Th>
                    <Table.Th>{t('siteTools.routes.column.name')}</Table.Th>
                    <Table.Th>{t('siteTools.routes.column.pattern')}</Table.Th>
                    <Table.Th>{t('siteTools.routes.column.target')}</Table.Th>
                    <Table.Th>{t('siteTools.routes.column.site')}</Table.Th>
                    <Table.Th>{t('siteTools.routes.column.methods')}</Table.Th>
                    <Table.Th>{t('siteTools.routes.column.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {routes.data.data.map((route) => (
                    <Table.Tr key={route.id}>
                      <Table.Td>{route.priority}</Table.Td>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {route.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Code style={{ overflowWrap: 'anywhere' }}>{route.pattern}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          <Badge variant="light">
                            {t(`siteTools.routes.target.${route.targetType}`)}
                          </Badge>
                          <Code style={{ overflowWrap: 'anywhere' }}>{route.target}</Code>
                        </Stack>
                      </Table.Td>
                      <Table.Td>{route.siteId ?? t('siteTools.routes.site.all')}</Table.Td>
                      <Table.Td>
                        {route.methods.length > 0
                          ? route.methods.join(', ')
                          : t('siteTools.routes.methods.any')}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={t('siteTools.routes.editTitle', { name: route.name })}
                            onClick={() => {
                              setNotice('')
                              setEditing(route)
                            }}
                          >
                            {t('siteTools.routes.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            aria-label={`${t('siteTools.routes.delete')}: ${route.name}`}
                            onClick={() => setDeleting(route)}
                          >
                            {t('siteTools.routes.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>

      <Modal
        opened={editing !== null}
        onClose={close}
        title={
          editing === 'new' || editing === null
            ? t('siteTools.routes.add')
            : t('siteTools.routes.editTitle', { name: editing.name })
        }
        size="lg"
      >
        {editing !== null && (
          <StaticRouteForm
            route={editing === 'new' ? null : editing}
            saving={save.isPending}
            error={save.error}
            onCancel={close}
            onSave={(input) =>
              save.mutate(
                { id: editing === 'new' ? null : editing.id, input },
                {
                  onSuccess: () => {
                    close()
                    setNotice(t('siteTools.routes.saved'))
                  },
                },
              )
            }
          />
        )}
      </Modal>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('siteTools.routes.delete')}
      >
        {deleting !== null && (
          <Stack gap="md">
            <Text>{t('siteTools.routes.deleteConfirm', { name: deleting.name })}</Text>
            <Group>
              <Button
                color="red"
                loading={destroy.isPending}
                data-autofocus
                onClick={() =>
                  destroy.mutate(deleting.id, {
                    onSuccess: () => {
                      setDeleting(null)
                      setNotice(t('siteTools.routes.deleted'))
                    },
                    onError: () => setDeleting(null),
                  })
                }
              >
                {t('siteTools.routes.delete')}
              </Button>
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('siteTools.routes.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
