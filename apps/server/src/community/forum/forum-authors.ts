import type { ForumAuthor } from '@optika/domain/community/forum-api'
import { customers } from '../../platform/db/schema/users.ts'

/** The columns an author is drawn from. */
export const authorColumns = {
  id: customers.id,
  kind: customers.kind,
  firstName: customers.firstName,
  lastName: customers.lastName,
  company: customers.company,
  isModerator: customers.isModerator,
  deletedAt: customers.deletedAt,
}

export type AuthorRow = {
  [K in keyof typeof authorColumns]: (typeof authorColumns)[K]['_']['data'] | null
}

/**
 * How the forum names a person: the company for partners, else the first name and the
 * surname's initial ("Jana N."); never the e-mail. A deleted account has no name left.
 */
export function toForumAuthor(row: AuthorRow, deletedName: string): ForumAuthor {
  const isPartner = row.kind === 'partner'
  const first = (row.firstName ?? '').trim()
  const initial = (row.lastName ?? '').trim().charAt(0)
  const personal = [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ')
  const company = (row.company ?? '').trim()
  const displayName = row.deletedAt
    ? deletedName
    : (isPartner && company ? company : personal) || company || deletedName
  return {
    id: row.id ?? 0,
    displayName,
    isPartner,
    isModerator: Boolean(row.isModerator),
  }
}
