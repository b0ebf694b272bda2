import { inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { notifications } from '../../platform/db/schema/governance.ts'
import { adminUserRoles } from '../../platform/db/schema/identity.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'

export interface NotificationInput {
  /** Users and roles to notify; a role reaches each of its active users once. */
  readonly recipients: {
    readonly userIds?: readonly number[]
    readonly roleIds?: readonly number[]
  }
  readonly senderId?: number | null
  /** 'info' | 'success' | 'error' (Pimcore's), or what sent it: 'workflow', 'job'. */
  readonly type?: string
  readonly title: string
  readonly message: string
  /** Parameters when title and message are catalogue keys (the screen translates them). */
  readonly params?: Record<string, string | number>
  readonly element?: { readonly type: 'object' | 'asset' | 'document'; readonly id: number } | null
}

/**
 * Sends one notification to users and roles (issue 20), in the caller's transaction so it is sent
 * exactly when the work that sends it commits. Answers the recipient users' ids (each once;
 * inactive users are skipped).
 */
export async function sendNotification(db: Db, input: NotificationInput): Promise<number[]> {
  const recipients = await findRecipientUsers(db, input.recipients)
  if (recipients.length === 0) return []
  await db.insert(notifications).values(
    recipients.map(({ id }) => ({
      recipientId: id,
      senderId: input.senderId ?? null,
      type: input.type ?? 'info',
      title: input.title,
      message: input.message,
      params: input.params ?? null,
      elementType: input.element?.type ?? null,
      elementId: input.element?.id ?? null,
    })),
  )
  return recipients.map(({ id }) => id)
}

/** The active users that users and roles stand for, each once, with their back-office language. */
export async function findRecipientUsers(
  db: Db,
  recipients: NotificationInput['recipients'],
): Promise<{ id: number; language: string }[]> {
  const userIds = recipients.userIds ?? []
  const roleIds = recipients.roleIds ?? []
  if (userIds.length === 0 && roleIds.length === 0) return []
  const conditions = []
  if (userIds.length > 0) conditions.push(inArray(adminUsers.id, [...userIds]))
  if (roleIds.length > 0) {
    conditions.push(
      inArray(
        adminUsers.id,
        db
          .select({ id: adminUserRoles.userId })
          .from(adminUserRoles)
          .where(inArray(adminUserRoles.roleId, [...roleIds])),
      ),
    )
  }
  return db
    .select({ id: adminUsers.id, language: adminUsers.language })
    .from(adminUsers)
    .where(sql`${or(...conditions)} and ${adminUsers.active} and ${adminUsers.type} = 'user'`)
}
