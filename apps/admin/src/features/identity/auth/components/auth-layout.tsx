import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { LanguageSwitcher } from '../../../shell/components/language-switcher.tsx'

/** The frame of the sign-in screens: the brand, the language and one card, no navigation. */
export function AuthLayout() {
  const { t } = useTranslation()
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Stack w="100%" maw={440} gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={8} align="baseline" wrap="nowrap">
            <Text component="span" fw={800} fz="xl" c="blue.7">
              {t('admin.brand.name')}
            </Text>
            <Text component="span" size="sm" c="dimmed">
              {t('admin.brand.tagline')}
            </Text>
          </Group>
          <LanguageSwitcher />
        </Group>
        <main>
          <Outlet />
        </main>
      </Stack>
    </Center>
  )
}

/** One sign-in step: its heading (the page's h1, also the tab title) and its form. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  useDocumentTitle(t('admin.document.title', { title }))
  return (
    <Paper withBorder radius="md" p="xl" shadow="sm">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description !== undefined && <Text c="dimmed">{description}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  )
}
