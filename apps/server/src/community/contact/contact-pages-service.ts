import type { Locale } from '@optika/i18n/locales'
import type { ContactTopic } from '@optika/domain/community/contact-api'
import type { Db } from '../../platform/db/client.ts'
import { listActiveTopics } from './contact-topics.ts'

/** What the storefront's pages read of the contact form (the load context's `contact`). */
export interface ContactPagesService {
  /** The active topics in order, titled in the language (the form's select, drawn on the server). */
  topics(locale: Locale): Promise<ContactTopic[]>
}

export function createContactPagesService(db: Db): ContactPagesService {
  return { topics: (locale) => listActiveTopics(db, locale) }
}
