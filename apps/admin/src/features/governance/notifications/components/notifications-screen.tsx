import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import {
  NOTIFICATION_READ_FILTERS,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationReadFilter,
  type NotificationType,
} from '@optika/domain/identity/notifications'
import { FilterPanel, PagedTable, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useUrlFilters } from '../../../../components/use-url-filters.ts'
import { editorPathOf } from '../../../operations/search/api/admin-search-api.ts'
import {
  NOTIFICATIONS_PAGE_SIZE,
  deleteAllNotifications,
  deleteNotification,
  markNotificationRead,
  notificationKeys,
  openNotification,
  useNotifications,
  useRefreshNotifications,
  type NotificationFilters,
} from '../api/notifications-api.ts'
import { SendNotificationDialog } from './send-notification-dialog.tsx'

const isReadFilter = (value: string | null): value is NotificationReadFilter =>
  NOTIFICATION_READ_FILTERS.some((filter) => filter === value)
const isType = (value: string | null): value is NotificationType =>
  NOTIFICATION_TYPES.some((type) => type === value)

function readFilters(params: URLSearchParams): NotificationFilters {
  const read = params.get('read')
  const type = params.get('type')
  const page = Number(params.get('page') ?? '1')
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    read: isReadFilter(read) ? read : 'all',
    type: isType(type) ? type : '',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  }
}

function writeFilters(filters: NotificationFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.read !== 'all') params.set('read', filters.read)
  if (filters.type) params.set('type', filters.type)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

const TYPE_COLORS: Readonly<Record<string, string>> = {
  info: 'blue',
  success: 'green',
  error: 'red',
  workflow: 'grape',
  job: 'teal',
}

function TypeBadge({ type }: { type: string }) {
  const { t } = useTranslation()
  const label = isType(type) ? t(`notifications.type.${type}`) : type
  return (
    <Badge variant="light" color={TYPE_COLORS[type] ?? 'gray'}>
      {label}
    </Badge>
  )
}

/**
 * /admin/notifications — the signed-in user's notifications (issue 20): searched and filtered by
 * read state and type, paged; one opens in a drawer (which marks it read) with its element and
 * its result's download; delete one or all; send one to a user or a role.
 */
export function NotificationsScreen() {
  const { t } = useTranslation()
  const format = useFormats()
  const navigate = useNavigate()
  const { params, filters, setFilters } = useUrlFilters(readFilters, writeFilters)
  const openId = Number((useParams()['*'] ?? '').split('/')[0] ?? '')
  const list = useNotifications(filters)
  const refresh = useRefreshNotifications()
  const [sendOpened, setSendOpened] = useState(false)
  const [confirmOpened, setConfirmOpened] = useState(false)
  const [feedback, setFeedback] = useState<string | null>(null)
  const query = params.toString() ? `?${params.toString()}` : ''
  const update = (change: Partial<NotificationFilters>) => setFilters({ page: 1, ...change })
  const removeAll = useMutation({
    mutationFn: deleteAllNotifications,
    onSuccess: async (answer) => {
      setConfirmOpened(false)
      setFeedback(t('notifications.feedback.deletedAll', { count: answer.count }))
      await refresh()
    },
  })
  const markRead = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh })
  const total = list.data?.total ?? 0
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('notifications.screen.title')}
        description={t('notifications.screen.description')}
      />
      <Group justify="space-between" wrap="wrap">
        <Button onClick={() => setSendOpened(true)}>{t('notifications.action.send')}</Button>
        <Button
          color="red"
          variant="light"
          onClick={() => {
            removeAll.reset()
            setConfirmOpened(true)
          }}
          disabled={
            list.isSuccess &&
            list.data.total === 0 &&
            filters.read === 'all' &&
            !filters.q &&
            !filters.type
          }
        >
          {t('notifications.action.deleteAll')}
        </Button>
      </Group>
      {feedback && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setFeedback(null)}
          closeButtonLabel={t('notifications.action.close')}
        >
          {feedback}
        </Alert>
      )}
      <FilterPanel label={t('notifications.filter.search')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SearchInput
            label={t('notifications.filter.search')}
            placeholder={t('notifications.filter.searchPlaceholder')}
            initial={filters.q}
            onSearch={(q) => update({ q: q.trim() })}
          />
          <Select
            label={t('notifications.filter.readLabel')}
            data={NOTIFICATION_READ_FILTERS.map((value) => ({
              value,
              label: t(`notifications.readState.${value}`),
            }))}
            value={filters.read}
            onChange={(value) => update({ read: isReadFilter(value) ? value : 'all' })}
            allowDeselect={false}
          />
          <Select
            label={t('notifications.filter.typeLabel')}
            data={[
              { value: '', label: t('notifications.filter.anyType') },
              ...NOTIFICATION_TYPES.map((value) => ({
                value,
                label: t(`notifications.type.${value}`),
              })),
            ]}
            value={filters.type}
            onChange={(value) => update({ type: isType(value) ? value : '' })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </FilterPanel>
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error ?? markRead.error} />
      {list.isSuccess && (
        <PagedTable
          count={t('notifications.list.counts', { total, unread: list.data.unread })}
          label={t('notifications.list.label')}
          minWidth={720}
          highlightOnHover
          columns={[
            t('notifications.send.title'),
            t('notifications.filter.typeLabel'),
            t('notifications.detail.sentAt'),
            t('notifications.list.actions'),
          ]}
          empty={t('notifications.list.empty')}
          rows={list.data.data}
          renderRow={(row) => (
            <Table.Tr key={row.id} aria-selected={row.id === openId}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Anchor
                    component={Link}
                    to={`/notifications/${row.id}${query}`}
                    fw={row.read ? 400 : 700}
                    aria-label={t('notifications.action.open', { title: row.title })}
                  >
                    {row.title}
                  </Anchor>
                  {!row.read && (
                    <Badge size="xs" color="red" variant="filled" style={{ flexShrink: 0 }}>
                      {t('notifications.list.unreadBadge')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {row.sender
                    ? t('notifications.list.fromUser', { name: row.sender.name })
                    : t('notifications.list.fromShop')}
                </Text>
              </Table.Td>
              <Table.Td>
                <TypeBadge type={row.type} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(row.createdAt)}</Table.Td>
              <Table.Td>
                {!row.read && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={markRead.isPending && markRead.variables === row.id}
                    onClick={() => markRead.mutate(row.id)}
                    aria-label={`${t('notifications.action.markRead')}: ${row.title}`}
                  >
                    {t('notifications.action.markRead')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          )}
          total={total}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          page={filters.page}
          onPage={(page) => setFilters({ page })}
        />
      )}
      <NotificationDetail
        id={Number.isSafeInteger(openId) && openId > 0 ? openId : null}
        onClose={() => void navigate(`/notifications${query}`)}
        onDeleted={() => {
          setFeedback(t('notifications.feedback.deleted'))
          void navigate(`/notifications${query}`)
        }}
      />
      <SendNotificationDialog opened={sendOpened} onClose={() => setSendOpened(false)} />
      <Modal
        opened={confirmOpened}
        onClose={() => setConfirmOpened(false)}
        title={t('notifications.confirm.deleteAllTitle')}
        closeButtonProps={{ 'aria-label': t('notifications.action.close') }}
      >
        <Stack gap="md">
          <Text>{t('notifications.confirm.deleteAllMessage', { count: total })}</Text>
          <RequestErrorAlert error={removeAll.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmOpened(false)} data-autofocus>
              {t('notifications.action.cancel')}
            </Button>
            <Button color="red" loading={removeAll.isPending} onClick={() => removeAll.mutate()}>
              {t('notifications.action.deleteAll')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

/** One notification in a drawer; opening it marks it read (Pimcore's `find`). */
function NotificationDetail({
  id,
  onClose,
  onDeleted,
}: {
  id: number | null
  onClose: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const refresh = useRefreshNotifications()
  const one = useQuery({
    queryKey: [...notificationKeys.all, 'one', id ?? 0],
    queryFn: async () => {
      const answer = await openNotification(id ?? 0)
      // Read now: the list's bold and the header's counter follow.
      void refresh()
      return answer
    },
    enabled: id !== null,
    staleTime: Infinity,
  })
  const remove = useMutation({
    mutationFn: deleteNotification,
    onSuccess: async () => {
      await refresh()
      onDeleted()
    },
  })
  const markRead = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh })
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={one.data?.title ?? t('notifications.screen.title')}
      closeButtonProps={{ 'aria-label': t('notifications.action.close') }}
    >
      {one.isPending && id !== null && <ScreenLoader />}
      <RequestErrorAlert error={one.error ?? remove.error ?? markRead.error} />
      {one.data && (
        <NotificationBody
          item={one.data}
          deleting={remove.isPending}
          onDelete={() => remove.mutate(one.data.id)}
          onMarkRead={one.data.read ? null : () => markRead.mutate(one.data.id)}
        />
      )}
    </Drawer>
  )
}

function NotificationBody({
  item,
  deleting,
  onDelete,
  onMarkRead,
}: {
  item: Notification
  deleting: boolean
  onDelete: () => void
  onMarkRead: (() => void) | null
}) {
  const { t } = useTranslation()
  const format = useFormats()
  return (
    <Stack gap="md">
      <Group gap="xs">
        <TypeBadge type={item.type} />
        <Text size="sm" c="dimmed">
          {format.dateTime(item.createdAt)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {item.sender
          ? t('notifications.list.fromUser', { name: item.sender.name })
          : t('notifications.list.fromShop')}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.message || t('notifications.detail.noMessage')}
      </Text>
      {item.element && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('notifications.detail.element')}
          </Text>
          {item.element.path === null ? (
            <Text size="sm" c="dimmed">
              {t('notifications.detail.elementGone')}
            </Text>
          ) : (
            <Anchor
              component={Link}
              to={editorPathOf(item.element.type, item.element.id)}
              style={{ overflowWrap: 'anywhere' }}
            >
              {`${t(`notifications.elementType.${item.element.type}`)}: ${item.element.path}`}
            </Anchor>
          )}
        </Stack>
      )}
      {item.link && (
        <Button component="a" href={item.link} download variant="light">
          {t('notifications.action.download')}
        </Button>
      )}
      <Group justify="flex-end">
        {onMarkRead && (
          <Button variant="default" onClick={onMarkRead}>
            {t('notifications.action.markRead')}
          </Button>
        )}
        <Button color="red" variant="light" loading={deleting} onClick={onDelete}>
          {t('notifications.action.delete')}
        </Button>
      </Group>
    </Stack>
  )
}
