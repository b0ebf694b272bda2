import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { adminUsers } from '../../platform/db/schema/users.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import { assertMayManageAdmin, type AdminContext } from './admin-context.ts'
import { auditAdminChange } from './audit-admin-change.ts'

/** Accepted upload types and size; anything larger is refused before it is read whole. */
export const USER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const USER_IMAGE_MAX_BYTES = 2 * 1024 * 1024
/** A 2 MB file may still decode to a huge bitmap; 25 megapixels is far beyond any avatar. */
const LIMIT_INPUT_PIXELS = 25_000_000
const SIZE = 256

function imageDir(dataDir: string): string {
  return resolve(dataDir, 'assets', 'admin-users')
}

/**
 * Stores the signed-in user's picture as a 256×256 WebP under DATA_DIR/assets/admin-users/<id>.webp
 * (replacing the old one) and records the change.
 */
export async function saveCurrentUserImage(
  ctx: AdminContext,
  dataDir: string,
  body: Buffer,
): Promise<{ hasImage: true }> {
  return saveUserImage(ctx, dataDir, ctx.admin.userId, body)
}

/** The user `id` (not a role), or 404; an administrator's picture only an administrator changes. */
async function requireImageOwner(ctx: AdminContext, id: number) {
  const [user] = await ctx.db
    .select({ id: adminUsers.id, isAdmin: adminUsers.isAdmin, key: adminUsers.imageStorageKey })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.type, 'user')))
  if (!user) throw new AppError(404, 'NOT_FOUND', 'adminUsers.userNotFound')
  if (id !== ctx.admin.userId) assertMayManageAdmin(ctx, user.isAdmin)
  return user
}

/**
 * Stores user `id`'s picture: decoded from the bytes by sharp (whatever the upload claims to be;
 * anything that is not a PNG, JPEG or WebP bitmap, an SVG included, is refused), normalized to a
 * 256×256 WebP without metadata, written atomically, and recorded.
 */
export async function saveUserImage(
  ctx: AdminContext,
  dataDir: string,
  id: number,
  body: Buffer,
): Promise<{ hasImage: true }> {
  await requireImageOwner(ctx, id)
  const sharp = await loadSharp()
  let webp: Buffer
  try {
    const image = sharp(body, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' })
    const { format } = await image.metadata()
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw new Error(format)
    webp = await image
      .rotate()
      .resize(SIZE, SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new AppError(400, 'IMAGE_INVALID', 'adminUsers.imageInvalid')
  }
  const key = `admin-users/${id}.webp`
  const dir = imageDir(dataDir)
  await mkdir(dir, { recursive: true })
  const target = join(dir, `${id}.webp`)
  // Write then rename, so a reader never sees half a picture.
  const temporary = `${target}.${process.pid}.${ctx.requestId}.tmp`
  await writeFile(temporary, webp)
  await rename(temporary, target)
  const [before] = await ctx.db
    .update(adminUsers)
    .set({ imageStorageKey: key, updatedAt: new Date() })
    .where(eq(adminUsers.id, id))
    .returning({ id: adminUsers.id })
  if (!before) throw new AppError(404, 'NOT_FOUND', 'adminUsers.userNotFound')
  await auditAdminChange(ctx, ctx.db, {
    action: 'adminUser.imageUpload',
    entityType: 'adminUser',
    entityId: id,
    before: null,
    after: { imageStorageKey: key, bytes: webp.length },
  })
  return { hasImage: true }
}

/** Removes user `id`'s picture (the avatar shows initials again) and records it; none is fine. */
export async function deleteUserImage(
  ctx: AdminContext,
  dataDir: string,
  id: number,
): Promise<{ success: true }> {
  const user = await requireImageOwner(ctx, id)
  if (user.key === null) return { success: true }
  await ctx.db
    .update(adminUsers)
    .set({ imageStorageKey: null, updatedAt: new Date() })
    .where(eq(adminUsers.id, id))
  await rm(join(imageDir(dataDir), `${id}.webp`), { force: true })
  await auditAdminChange(ctx, ctx.db, {
    action: 'adminUser.imageDelete',
    entityType: 'adminUser',
    entityId: id,
    before: { imageStorageKey: user.key },
    after: { imageStorageKey: null },
  })
  return { success: true }
}

/** A user's stored picture, or null when it has none. */
export async function readUserImage(db: Db, dataDir: string, id: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ key: adminUsers.imageStorageKey })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
  if (!row?.key) return null
  // The key is ours (admin-users/<id>.webp), yet the file may be gone.
  return readFile(join(imageDir(dataDir), `${id}.webp`)).catch(() => null)
}
