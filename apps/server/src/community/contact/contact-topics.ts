import { and, asc, count, eq, sql } from 'drizzle-orm'
import { catalogue } from '@optika/i18n/catalogue'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import {
  DEFAULT_CONTACT_TOPICS,
  type AdminContactTopic,
  type ContactTopic,
  type ContactTopicInput,
  ContactTopicInputSchema,
} from '@optika/domain/community/contact-api'
import type { Db } from '../../platform/db/client.ts'
import { contactMessages, contactTopics } from '../../platform/db/schema/community.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { auditContactChange, type StaffRequest } from './contact-audit.ts'

type TopicRow = typeof contactTopics.$inferSelect

/** A topic's title in a language: its own, else English, else any, else its key. */
export function topicTitle(row: Pick<TopicRow, 'titles' | 'key'>, locale: Locale): string {
  const titles = row.titles
  return (
    titles[locale]?.trim() ||
    titles['en']?.trim() ||
    Object.values(titles).find((title) => title.trim() !== '') ||
    row.key
  )
}

/**
 * Inserts the default topics (order, complaint, partnership, product question, other) that are
 * missing by key, titled from the catalogue in the six languages. What exists — renamed,
 * deactivated, re-addressed by the staff — is never touched. Returns how many were inserted.
 */
export async function ensureDefaultContactTopics(db: Db): Promise<number> {
  const rows = DEFAULT_CONTACT_TOPICS.map((key, index) => ({
    key,
    titles: Object.fromEntries(
      LOCALES.map((locale) => [locale, catalogue[`contact.topics.${key}`]?.[locale] ?? key]),
    ),
    position: (index + 1) * 10,
  }))
  const inserted = await db
    .insert(contactTopics)
    .values(rows)
    .onConflictDoNothing({ target: contactTopics.key })
    .returning({ id: contactTopics.id })
  return inserted.length
}

/** The active topics in the staff's order, titled in the language (the form's select). */
export async function listActiveTopics(db: Db, locale: Locale): Promise<ContactTopic[]> {
  const rows = await db
    .select()
    .from(contactTopics)
    .where(eq(contactTopics.active, true))
    .orderBy(asc(contactTopics.position), asc(contactTopics.id))
  return rows.map((row) => ({ id: row.id, title: topicTitle(row, locale) }))
}

/** An active topic by id, or null. */
export async function findActiveTopic(db: Db, id: number): Promise<TopicRow | null> {
  const [row] = await db
    .select()
    .from(contactTopics)
    .where(and(eq(contactTopics.id, id), eq(contactTopics.active, true)))
  return row ?? null
}

// ── Back office ──────────────────────────────────────────────────────────────────────────────

function toAdminTopic(row: TopicRow, messageCount: number): AdminContactTopic {
  return {
    id: row.id,
    key: row.key,
    titles: row.titles,
    email: row.email,
    position: row.position,
    active: row.active,
    messageCount,
  }
}

export async function listAllTopics(db: Db): Promise<AdminContactTopic[]> {
  const counts = await db
    .select({ topicId: contactMessages.topicId, n: count() })
    .from(contactMessages)
    .groupBy(contactMessages.topicId)
  const byTopic = new Map(counts.map((row) => [row.topicId, row.n]))
  const rows = await db
    .select()
    .from(contactTopics)
    .orderBy(asc(contactTopics.position), asc(contactTopics.id))
  return rows.map((row) => toAdminTopic(row, byTopic.get(row.id) ?? 0))
}

function keyTaken(): AppError {
  return new AppError(409, 'CONTACT_TOPIC_KEY_TAKEN', 'contact.topicKeyTaken', {}, [
    { path: 'key', key: 'contact.topicKeyTaken' },
  ])
}

/** Adds a topic; its key is unique (409 otherwise). */
export async function createTopic(
  db: Db,
  staff: StaffRequest,
  input: ContactTopicInput,
): Promise<AdminContactTopic> {
  const value = ContactTopicInputSchema.parse(input)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactTopics)
      .values({ ...value, titles: value.titles })
      .onConflictDoNothing({ target: contactTopics.key })
      .returning()
    if (!row) throw keyTaken()
    await auditContactChange(tx, staff, {
      action: 'contact.topic.create',
      entityType: 'contactTopic',
      entityId: row.id,
      after: value,
    })
    return toAdminTopic(row, 0)
  })
}

/** Changes a topic (404 when unknown, 409 when the new key is another topic's). */
export async function updateTopic(
  db: Db,
  staff: StaffRequest,
  id: number,
  input: ContactTopicInput,
): Promise<AdminContactTopic> {
  const value = ContactTopicInputSchema.parse(input)
  const [clash] = await db
    .select({ id: contactTopics.id })
    .from(contactTopics)
    .where(and(eq(contactTopics.key, value.key), sql`${contactTopics.id} <> ${id}`))
  if (clash) throw keyTaken()
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contactTopics)
      .where(eq(contactTopics.id, id))
      .for('update')
    if (!before) throw new AppError(404, 'CONTACT_TOPIC_NOT_FOUND', 'contact.topicNotFound')
    const [updated] = await tx
      .update(contactTopics)
      .set({ ...value, titles: value.titles })
      .where(eq(contactTopics.id, id))
      .returning()
    await auditContactChange(tx, staff, {
      action: 'contact.topic.update',
      entityType: 'contactTopic',
      entityId: id,
      before: { ...before, createdAt: undefined },
      after: value,
    })
    return updated!
  })
  const [counted] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.topicId, id))
  return toAdminTopic(row, counted?.n ?? 0)
}
