import { Stack, Tabs } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Navigate, Route, Routes, useNavigate } from 'react-router'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ContactMessageDetail } from './contact-message-detail.tsx'
import { ContactMessageList } from './contact-message-list.tsx'
import { ContactTopicsTab } from './contact-topics-tab.tsx'

function ContactHome({ tab }: { tab: 'messages' | 'topics' }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack gap="xl">
      <ScreenHeader
        title={t('admin.nav.contactMessages')}
        description={t('admin.screen.contactMessages.description')}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate(value === 'topics' ? '/contact-messages/topics' : '/contact-messages')
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="messages">{t('contact.admin.tab.messages')}</Tabs.Tab>
          <Tabs.Tab value="topics">{t('contact.admin.tab.topics')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages" pt="lg">
          <ContactMessageList />
        </Tabs.Panel>
        <Tabs.Panel value="topics" pt="lg">
          <ContactTopicsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

/**
 * /admin/contact-messages — the contact form's messages (status new / answered / closed, search),
 * one message (/admin/contact-messages/{id}) with its attachments and replies by mail, and the
 * form's topics (/admin/contact-messages/topics).
 */
export function ContactMessagesScreen() {
  return (
    <Routes>
      <Route index element={<ContactHome tab="messages" />} />
      <Route path="topics" element={<ContactHome tab="topics" />} />
      <Route path=":id" element={<ContactMessageDetail />} />
      <Route path="*" element={<Navigate to="/contact-messages" replace />} />
    </Routes>
  )
}
