import { CUSTOM_LOGO_MAX_BYTES, type CustomLogo } from '@optika/domain/operations/system-settings'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { findSvgHazards } from '../../dam/upload/check-svg.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import type { SystemSettingsStore } from '../../platform/settings/system-settings-store.ts'
import { auditSettingsChange } from './audit-settings-change.ts'

/** A logo is a small picture: anything decoding to more than 4 megapixels is refused. */
const LOGO_MAX_PIXELS = 4_000_000

const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])

function logoInvalid(): AppError {
  return new AppError(400, 'LOGO_INVALID', 'systemSettings.logo.invalid')
}

/** Whether the bytes are an SVG document: XML text whose first element is `<svg`. */
function looksLikeSvg(body: Buffer): boolean {
  const head = body
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  const withoutProlog = head.replace(/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/i, '')
  return /^<svg[\s>]/i.test(withoutProlog) || /^<!DOCTYPE\s+svg/i.test(withoutProlog)
}

/**
 * Checks a logo from its bytes (never its name or declared type): PNG, JPEG or WebP that
 * decodes and is re-encoded without metadata, or an SVG without scripts, event handlers,
 * outside references, embedded HTML or entities — such an SVG is refused, not cleaned, so what
 * is shown is exactly what was checked.
 */
export async function checkLogo(body: Buffer): Promise<{ body: Buffer; type: string }> {
  if (body.length === 0) throw new AppError(400, 'NO_FILE', 'systemSettings.logo.noFile')
  if (body.length > CUSTOM_LOGO_MAX_BYTES) {
    throw new AppError(413, 'FILE_TOO_LARGE', 'systemSettings.logo.tooLarge', {
      value: `${CUSTOM_LOGO_MAX_BYTES / 1024} KB`,
    })
  }
  const { fileTypeFromBuffer } = await import('file-type')
  const sniffed = await fileTypeFromBuffer(body)
  if (sniffed && RASTER_TYPES.has(sniffed.mime)) {
    const sharp = await loadSharp()
    try {
      const image = sharp(body, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' }).rotate()
      const encoded =
        sniffed.mime === 'image/png'
          ? image.png()
          : sniffed.mime === 'image/jpeg'
            ? image.jpeg({ quality: 90 })
            : image.webp({ quality: 90 })
      return { body: await encoded.toBuffer(), type: sniffed.mime }
    } catch {
      throw logoInvalid()
    }
  }
  // file-type names an SVG with an XML prolog `application/xml`, one without nothing at all.
  const maybeSvg =
    !sniffed || sniffed.mime === 'application/xml' || sniffed.mime === 'image/svg+xml'
  if (maybeSvg && looksLikeSvg(body)) {
    const svg = body.toString('utf8')
    if (findSvgHazards(svg).size > 0) {
      throw new AppError(400, 'LOGO_UNSAFE', 'systemSettings.logo.svgUnsafe')
    }
    return { body, type: 'image/svg+xml' }
  }
  throw new AppError(415, 'LOGO_TYPE', 'systemSettings.logo.type')
}

/** Replaces the back office's logo with a checked one (audited). */
export async function uploadCustomLogo(
  ctx: AdminContext,
  store: SystemSettingsStore,
  upload: Buffer,
): Promise<CustomLogo> {
  const logo = await checkLogo(upload)
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it.
  const before = await store.logoInfo()
  return ctx.db.transaction(async (tx) => {
    const after = await store.saveLogo(tx, logo)
    await auditSettingsChange(tx, ctx, {
      action: 'customLogo.upload',
      entityType: 'customLogo',
      entityId: 1,
      before,
      after: { ...after, bytes: logo.body.length },
    })
    return after
  })
}

/** Removes the back office's logo (audited); the default one shows again. */
export async function deleteCustomLogo(
  ctx: AdminContext,
  store: SystemSettingsStore,
): Promise<CustomLogo> {
  const before = await store.logoInfo()
  return ctx.db.transaction(async (tx) => {
    const after = await store.saveLogo(tx, null)
    await auditSettingsChange(tx, ctx, {
      action: 'customLogo.delete',
      entityType: 'customLogo',
      entityId: 1,
      before,
      after,
    })
    return after
  })
}
