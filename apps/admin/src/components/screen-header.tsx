import { Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'

interface ScreenHeaderProps {
  title: string
  description?: string
  /** The browser tab's title, when it should differ from the heading. */
  documentTitle?: string
}

/**
 * A screen's one `<h1>` and the browser tab title. The heading takes focus after a client-side
 * navigation (see AdminLayout), so screen readers announce the new screen, hence `tabIndex={-1}`.
 */
export function ScreenHeader({ title, description, documentTitle }: ScreenHeaderProps) {
  const { t } = useTranslation()
  useDocumentTitle(t('admin.document.title', { title: documentTitle ?? title }))
  return (
    <Stack gap={4}>
      <Title order={1} tabIndex={-1} data-screen-heading style={{ outline: 'none' }}>
        {title}
      </Title>
      {description !== undefined && (
        <Text c="dimmed" size="lg">
          {description}
        </Text>
      )}
    </Stack>
  )
}
