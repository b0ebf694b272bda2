import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { WidgetConfigOf } from '@optika/domain/operations/dashboards'
import { useFormats } from '../../../../components/use-formats.ts'
import { useNotificationFeed } from '../../api/portlet-data-api.ts'
import { WidgetQueryState } from '../widget-query-state.tsx'
import type { WidgetBodyProps } from '../widget-body-props.ts'

/** The user's newest notifications (unread marked), leading to the notifications screen. */
export function NotificationsWidget({ widget }: WidgetBodyProps) {
  const { t } = useTranslation()
  const { dateTime } = useFormats()
  const config = widget.config as WidgetConfigOf<'notifications'>
  const query = useNotificationFeed(config.onlyUnread ?? false)
  return (
    <WidgetQueryState query={query}>
      {(feed) => (
        <Stack gap="xs">
          {feed.data.length === 0 ? (
            <Text c="dimmed">{t('dashboards.widget.empty')}</Text>
          ) : (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {feed.data.map((item) => (
                <li key={item.id}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    {!item.read && (
                      <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                        {t('dashboards.notifications.unread')}
                      </Badge>
                    )}
                    <Text size="sm" fw={item.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
                      {item.title}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {dateTime(item.createdAt)}
                    {item.sender ? ` · ${item.sender.name}` : ''}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
          <Anchor component={Link} to="/notifications" size="sm">
            {t('dashboards.notifications.all')}
          </Anchor>
        </Stack>
      )}
    </WidgetQueryState>
  )
}
