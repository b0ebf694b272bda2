import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { adminUsers } from '../../platform/db/schema/users.ts'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from './admin-context.ts'
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
  let webp: Buffer
  try {
    webp = await sharp(body, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(SIZE, SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new AppError(400, 'IMAGE_INVALID', 'adminUsers.imageInvalid')
  }
  const id = ctx.admin.userId
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
