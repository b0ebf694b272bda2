import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  CloseButton,
  Divider,
  Group,
  Indicator,
  Notification as Toast,
  Paper,
  Portal,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useClickOutside } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { Notification } from '@optika/domain/identity/notifications'
import { useCurrentUser } from '../../../identity/auth/api/auth-api.ts'
import { hasAnyPermission } from '../../../identity/auth/components/access-denied.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import { useLastUnread } from '../api/notifications-api.ts'

/** A bell drawn inline: the back office carries no icon set. */
function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.5L4.5 15v1.5h15V15L18 12.5V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** How long a toast for a new notification stays unless closed or hovered (ms). */
const TOAST_MS = 8_000

/**
 * The header's bell (issue 20): the unread counter, polled while the tab is visible; a popover
 * with the newest unread ones; a toast (announced politely) when a new one arrives; a link to
 * /admin/notifications. Shown to users holding the `notifications` key.
 */
export function NotificationBell() {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const allowed = hasAnyPermission(user, ['notifications'])
  const lastUnread = useLastUnread(allowed)
  const [opened, setOpened] = useState(false)
  const [toast, setToast] = useState<Notification | null>(null)
  const seenId = useRef<number | null>(null)
  const navigate = useNavigate()
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useClickOutside<HTMLDivElement>(() => setOpened(false))

  // A notification newer than the newest one seen before gets a toast (not on the first load).
  const newest = lastUnread.data?.data[0]
  useEffect(() => {
    if (!lastUnread.data) return
    const previous = seenId.current
    seenId.current = Math.max(previous ?? 0, lastUnread.data.lastId)
    if (previous !== null && newest && newest.id > previous) setToast(newest)
  }, [lastUnread.data, newest])
  useEffect(() => {
    if (!toast) return
    const timer = window.setTimeout(() => setToast(null), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [toast])

  if (!allowed) return null
  const unread = lastUnread.data?.unread ?? 0
  const label =
    unread > 0
      ? t('notifications.bell.labelUnread', { count: unread })
      : t('notifications.bell.label')
  const open = (id: number) => {
    setOpened(false)
    setToast(null)
    void navigate(`/notifications/${id}`)
  }
  return (
    <>
      <Indicator
        label={<span aria-hidden>{unread > 99 ? '99+' : unread}</span>}
        size={18}
        color="red"
        disabled={unread === 0}
        offset={4}
      >
        <Box ref={panelRef} pos="relative">
          <ActionIcon
            ref={buttonRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-expanded={opened}
            aria-controls={opened ? panelId : undefined}
            onClick={() => setOpened((value) => !value)}
          >
            <BellIcon />
          </ActionIcon>
          {opened && (
            <Paper
              id={panelId}
              role="dialog"
              aria-label={t('notifications.bell.heading')}
              withBorder
              shadow="md"
              p="sm"
              w={340}
              maw="calc(100vw - 24px)"
              style={{ position: 'absolute', right: 0, top: '100%', marginTop: 8, zIndex: 300 }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setOpened(false)
                  buttonRef.current?.focus()
                }
              }}
            >
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('notifications.bell.heading')}
                </Text>
                {(lastUnread.data?.data ?? []).length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('notifications.bell.empty')}
                  </Text>
                ) : (
                  <Stack
                    gap={4}
                    component="ul"
                    style={{ listStyle: 'none', margin: 0, padding: 0 }}
                  >
                    {(lastUnread.data?.data ?? []).map((item) => (
                      <li key={item.id}>
                        <BellItem item={item} onOpen={() => open(item.id)} />
                      </li>
                    ))}
                  </Stack>
                )}
                <Divider />
                <Anchor
                  component={Link}
                  to="/notifications"
                  size="sm"
                  onClick={() => setOpened(false)}
                >
                  {t('notifications.bell.showAll')}
                </Anchor>
              </Stack>
            </Paper>
          )}
        </Box>
      </Indicator>
      <Portal>
        <Box
          role="status"
          aria-live="polite"
          style={{
            position: 'fixed',
            right: 16,
            bottom: 16,
            zIndex: 400,
            maxWidth: 'calc(100vw - 32px)',
          }}
        >
          {toast && (
            <Toast
              title={t('notifications.bell.newToast')}
              withCloseButton={false}
              w={340}
              maw="100%"
              withBorder
            >
              <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                <Button variant="subtle" size="compact-sm" onClick={() => open(toast.id)}>
                  <Text size="sm" fw={500} truncate maw={240}>
                    {toast.title}
                  </Text>
                </Button>
                <CloseButton
                  size="sm"
                  aria-label={t('notifications.action.close')}
                  onClick={() => setToast(null)}
                />
              </Group>
            </Toast>
          )}
        </Box>
      </Portal>
    </>
  )
}

function BellItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const format = useFormats()
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p={6}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      className="notification-bell-item"
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500} lineClamp={2}>
          {item.title}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {format.dateTime(item.createdAt)}
        </Text>
      </Group>
      {item.message && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {item.message}
        </Text>
      )}
    </UnstyledButton>
  )
}
