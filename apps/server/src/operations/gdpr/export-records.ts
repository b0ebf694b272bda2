import { and, asc, eq, gt, sql } from 'drizzle-orm'
import {
  keysetPages,
  streamedRows,
  streamJsonObject,
} from '../../accounts/personal-data/stream-json.ts'
import { PERSONAL_DATA_PAGE_SIZE } from '../../accounts/personal-data/extract-personal-data.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { assets, objects } from '../../platform/db/schema/elements.ts'
import {
  adminRoles,
  adminUserRoles,
  auditLog,
  emailLog,
} from '../../platform/db/schema/identity.ts'
import { elementNotes } from '../../platform/db/schema/pim.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { notFound } from '../../platform/http/app-error.ts'
import { showEmailLog } from '../email-log/email-log-service.ts'

/** A download: its file name and JSON text chunks. */
export interface JsonDownload {
  readonly fileName: string
  readonly chunks: AsyncIterable<string>
}

async function notesOf(ctx: AdminContext, elementType: 'object' | 'asset', elementId: number) {
  return ctx.db
    .select({
      id: elementNotes.id,
      type: elementNotes.type,
      title: elementNotes.title,
      description: elementNotes.description,
      data: elementNotes.data,
      createdAt: elementNotes.createdAt,
    })
    .from(elementNotes)
    .where(and(eq(elementNotes.elementType, elementType), eq(elementNotes.elementId, elementId)))
    .orderBy(asc(elementNotes.id))
}

/** GET /admin/gdpr/data-object/export: a data object with its data and notes, as JSON. */
export async function exportDataObject(ctx: AdminContext, id: number): Promise<JsonDownload> {
  const [row] = await ctx.db
    .select({
      id: objects.id,
      type: objects.type,
      classId: objects.classId,
      fullPath: sql<string>`${objects.path} || ${objects.key}`,
      published: objects.published,
      data: objects.data,
      createdAt: objects.createdAt,
      updatedAt: objects.updatedAt,
    })
    .from(objects)
    .where(eq(objects.id, id))
  if (!row) throw notFound('gdpr.error.notFound')
  return {
    fileName: `data-object-${String(id)}.json`,
    chunks: streamJsonObject({
      exportedAt: new Date().toISOString(),
      dataObject: row,
      notes: await notesOf(ctx, 'object', id),
    }),
  }
}

/**
 * GET /admin/gdpr/asset/export: an asset's record — name, metadata (custom and embedded, where
 * a person's name or face is described) and notes — with the address of its file.
 */
export async function exportAsset(ctx: AdminContext, id: number): Promise<JsonDownload> {
  const [row] = await ctx.db
    .select({
      id: assets.id,
      type: assets.type,
      fullPath: sql<string>`${assets.path} || ${assets.key}`,
      mimeType: assets.mimeType,
      size: assets.size,
      width: assets.width,
      height: assets.height,
      metadata: assets.metadata,
      embeddedMetadata: assets.embeddedMetadata,
      createdAt: assets.createdAt,
      updatedAt: assets.updatedAt,
    })
    .from(assets)
    .where(eq(assets.id, id))
  if (!row) throw notFound('gdpr.error.notFound')
  return {
    fileName: `asset-${String(id)}.json`,
    chunks: streamJsonObject({
      exportedAt: new Date().toISOString(),
      asset: { ...row, file: `/admin/asset/download?id=${String(id)}` },
      notes: await notesOf(ctx, 'asset', id),
    }),
  }
}

/**
 * GET /admin/gdpr/pimcore-users/export-user-data: a back-office user's own data — the account
 * without its password hash, 2FA secret and recovery codes, its roles, what it did (audit
 * entries, streamed) and the mails sent to it.
 */
export async function exportAdminUser(ctx: AdminContext, id: number): Promise<JsonDownload> {
  const [user] = await ctx.db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      name: adminUsers.name,
      email: adminUsers.email,
      language: adminUsers.language,
      active: adminUsers.active,
      isAdmin: adminUsers.isAdmin,
      permissions: adminUsers.permissions,
      twoFactorEnabled: adminUsers.twoFactorEnabled,
      passwordChangedAt: adminUsers.passwordChangedAt,
      lastLoginAt: adminUsers.lastLoginAt,
      createdAt: adminUsers.createdAt,
      updatedAt: adminUsers.updatedAt,
    })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.type, 'user')))
  if (!user) throw notFound('gdpr.error.notFound')
  const roles = await ctx.db
    .select({ id: adminRoles.id, name: adminRoles.name })
    .from(adminUserRoles)
    .innerJoin(adminRoles, eq(adminRoles.id, adminUserRoles.roleId))
    .where(eq(adminUserRoles.userId, id))
    .orderBy(asc(adminRoles.id))
  const email = user.email.toLowerCase()
  return {
    fileName: `user-${user.username.replace(/[^\w.-]+/g, '_')}.json`,
    chunks: streamJsonObject({
      exportedAt: new Date().toISOString(),
      user,
      roles,
      auditEntries: streamedRows(() =>
        keysetPages(
          (afterId, limit) =>
            ctx.db
              .select({
                id: auditLog.id,
                at: auditLog.at,
                action: auditLog.action,
                entityType: auditLog.entityType,
                entityId: auditLog.entityId,
                ip: auditLog.ip,
              })
              .from(auditLog)
              .where(and(eq(auditLog.actorId, id), gt(auditLog.id, afterId)))
              .orderBy(asc(auditLog.id))
              .limit(limit),
          PERSONAL_DATA_PAGE_SIZE,
        ),
      ),
      mailsSent: streamedRows(() =>
        keysetPages(
          (afterId, limit) =>
            ctx.db
              .select({
                id: emailLog.id,
                to: emailLog.to,
                subject: emailLog.subject,
                status: emailLog.status,
                createdAt: emailLog.createdAt,
              })
              .from(emailLog)
              .where(and(sql`lower(${emailLog.to}) = ${email}`, gt(emailLog.id, afterId)))
              .orderBy(asc(emailLog.id))
              .limit(limit),
          PERSONAL_DATA_PAGE_SIZE,
        ),
      ),
    }),
  }
}

/**
 * GET /admin/gdpr/sent-mail/export: one sent mail as JSON, its body as the e-mail log shows it
 * (single-use links masked without `emailSecrets`).
 */
export async function exportSentMail(ctx: AdminContext, id: number): Promise<JsonDownload> {
  const mail = await showEmailLog(ctx, id)
  return {
    fileName: `sent-mail-${String(id)}.json`,
    chunks: streamJsonObject({ exportedAt: new Date().toISOString(), sentMail: mail }),
  }
}
