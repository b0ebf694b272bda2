import type { ForumAuthor } from '@optika/domain/community/forum-api'

/** The customer columns a forum author is drawn from. */
export interface ForumAuthorRow {
  readonly id: number
  readonly kind: 'customer' | 'partner'
  readonly firstName: string
  readonly lastName: string
  readonly company: string | null
  readonly isModerator: boolean
}

/**
 * How the forum names a writer: a partner by the company, a customer as "Jana N." (first name
 * and the surname's initial), never by the e-mail.
 */
export function forumAuthorOf(row: ForumAuthorRow): ForumAuthor {
  const company = row.company?.trim() ?? ''
  const first = row.firstName.trim()
  const initial = row.lastName.trim().charAt(0).toLocaleUpperCase()
  const person = [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ')
  const displayName = row.kind === 'partner' && company !== '' ? company : person || company
  return {
    id: row.id,
    displayName,
    isPartner: row.kind === 'partner',
    isModerator: row.isModerator,
  }
}
