import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import type { ContactTopic, ContactTopicList } from '@optika/domain/community/contact-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { callApi } from '../../accounts/account/api-client.ts'

/** The contact form's topics as the page's loader read them (null: the page did not). */
const ContactTopicsContext = createContext<readonly ContactTopic[] | null>(null)

export function ContactTopicsProvider({
  topics,
  children,
}: {
  topics: readonly ContactTopic[] | null
  children: ReactNode
}) {
  return <ContactTopicsContext.Provider value={topics}>{children}</ContactTopicsContext.Provider>
}

/**
 * The topics for the form's select: drawn with the page when its loader read them (so the form
 * works without JavaScript), else asked from GET /api/contact/topics in the browser.
 */
export function useContactTopics(): readonly ContactTopic[] {
  const given = useContext(ContactTopicsContext)
  const { locale } = useTranslation()
  const [fetched, setFetched] = useState<readonly ContactTopic[]>([])
  useEffect(() => {
    if (given !== null) return
    let current = true
    void callApi<ContactTopicList>('GET', `/api/contact/topics?locale=${locale}`).then((result) => {
      if (current && result.ok) setFetched(result.data.topics)
    })
    return () => {
      current = false
    }
  }, [given, locale])
  return given ?? fetched
}
