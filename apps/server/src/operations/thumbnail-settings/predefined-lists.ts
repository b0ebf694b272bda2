import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import {
  PredefinedMetadataInputSchema,
  PredefinedPropertyInputSchema,
  type ListCall,
  type PredefinedMetadata,
  type PredefinedProperty,
  type PropertyContentType,
} from '@optika/domain/operations/thumbnail-settings'
import { z } from 'zod'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import { AppError } from '../../platform/http/app-error.ts'
import {
  predefinedMetadata,
  predefinedProperties,
} from '../../platform/db/schema/thumbnail-settings.ts'

/** Pimcore's ExtJS stores send `data` as JSON text; our screens send the object itself. */
export function parseListData(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data) as unknown
  } catch {
    throw new AppError(400, 'INVALID_DATA', 'thumbnailSettings.error.invalidData')
  }
}

const IdOnlySchema = z.object({ id: z.coerce.number().int().positive() })

function notFound(): AppError {
  return new AppError(404, 'PREDEFINED_NOT_FOUND', 'thumbnailSettings.error.definitionNotFound')
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

type MetadataRow = typeof predefinedMetadata.$inferSelect
type PropertyRow = typeof predefinedProperties.$inferSelect

function toMetadata(row: MetadataRow): PredefinedMetadata {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as PredefinedMetadata['type'],
    data: row.data,
    config: row.config,
    language: row.language as PredefinedMetadata['language'],
    targetSubtype: row.targetSubtype as PredefinedMetadata['targetSubtype'],
    group: row.groupName,
    updatedAt: row.updatedAt.toISOString(),
  }
}

function toProperty(row: PropertyRow): PredefinedProperty {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    key: row.key,
    type: row.type as PredefinedProperty['type'],
    data: row.data,
    config: row.config,
    ctype: row.ctype as PropertyContentType[],
    inheritable: row.inheritable,
    group: row.groupName,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A `select` needs options; a default must be one of them (a yes/no default 'true'/'false'). */
function checkOptions(input: { type: string; data: string | null; config: string }): void {
  const options = input.config
    .split(',')
    .map((option) => option.trim())
    .filter((option) => option !== '')
  if (input.type === 'select' && options.length === 0) {
    throw new AppError(400, 'SELECT_WITHOUT_OPTIONS', 'thumbnailSettings.error.selectOptions')
  }
  if (
    input.type === 'select' &&
    input.data !== null &&
    input.data !== '' &&
    !options.includes(input.data)
  ) {
    throw new AppError(400, 'DEFAULT_NOT_AN_OPTION', 'thumbnailSettings.error.defaultNotOption')
  }
  const isYesNo = input.type === 'checkbox' || input.type === 'bool'
  if (
    isYesNo &&
    input.data !== null &&
    input.data !== '' &&
    !['true', 'false'].includes(input.data)
  ) {
    throw new AppError(400, 'DEFAULT_NOT_YES_NO', 'thumbnailSettings.error.defaultNotYesNo')
  }
}

async function audit(
  ctx: AdminContext,
  action: string,
  entityType: string,
  entityId: number,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(ctx.db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name },
    action,
    entityType,
    entityId,
    before,
    after,
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
}

/** The metadata definitions for the asset editor: every type's and the given type's. */
export async function metadataForAssetType(
  ctx: AdminContext,
  type: string | undefined,
): Promise<PredefinedMetadata[]> {
  const rows = await ctx.db
    .select()
    .from(predefinedMetadata)
    .where(
      type
        ? or(eq(predefinedMetadata.targetSubtype, ''), eq(predefinedMetadata.targetSubtype, type))
        : undefined,
    )
    .orderBy(
      asc(predefinedMetadata.groupName),
      asc(predefinedMetadata.name),
      asc(predefinedMetadata.language),
    )
  return rows.map(toMetadata)
}

/**
 * POST /admin/settings/predefined-metadata: list (with a search `filter`), create, update or
 * destroy one definition; each write is audited and answers the row as stored.
 */
export async function predefinedMetadataCall(
  ctx: AdminContext,
  call: ListCall,
): Promise<{ success: true; data: PredefinedMetadata[]; total: number }> {
  const data = parseListData(call.data)
  if (call.xaction === 'read') {
    const rows = await ctx.db
      .select()
      .from(predefinedMetadata)
      .where(
        call.filter
          ? or(
              ilike(predefinedMetadata.name, likePattern(call.filter)),
              ilike(predefinedMetadata.description, likePattern(call.filter)),
              ilike(predefinedMetadata.groupName, likePattern(call.filter)),
            )
          : undefined,
      )
      .orderBy(
        asc(predefinedMetadata.groupName),
        asc(predefinedMetadata.name),
        asc(predefinedMetadata.id),
      )
    return { success: true, data: rows.map(toMetadata), total: rows.length }
  }
  if (call.xaction === 'destroy') {
    const { id } = IdOnlySchema.parse(data)
    const [row] = await ctx.db
      .delete(predefinedMetadata)
      .where(eq(predefinedMetadata.id, id))
      .returning()
    if (!row) throw notFound()
    await audit(ctx, 'predefinedMetadata.delete', 'predefinedMetadata', id, toMetadata(row), null)
    return { success: true, data: [], total: 0 }
  }
  if (call.xaction === 'create') {
    const input = PredefinedMetadataInputSchema.parse(data)
    checkOptions(input)
    const [row] = await ctx.db
      .insert(predefinedMetadata)
      .values({ ...metadataColumns(input) })
      .returning()
    if (!row) throw notFound()
    await audit(
      ctx,
      'predefinedMetadata.create',
      'predefinedMetadata',
      row.id,
      null,
      toMetadata(row),
    )
    return { success: true, data: [toMetadata(row)], total: 1 }
  }
  const { id } = IdOnlySchema.parse(data)
  const [existing] = await ctx.db
    .select()
    .from(predefinedMetadata)
    .where(eq(predefinedMetadata.id, id))
  if (!existing) throw notFound()
  const input = PredefinedMetadataInputSchema.parse({
    ...toMetadata(existing),
    ...(data as Record<string, unknown>),
  })
  checkOptions(input)
  const [row] = await ctx.db
    .update(predefinedMetadata)
    .set({ ...metadataColumns(input), updatedAt: new Date() })
    .where(eq(predefinedMetadata.id, id))
    .returning()
  if (!row) throw notFound()
  await audit(
    ctx,
    'predefinedMetadata.update',
    'predefinedMetadata',
    id,
    toMetadata(existing),
    toMetadata(row),
  )
  return { success: true, data: [toMetadata(row)], total: 1 }
}

function metadataColumns(input: ReturnType<typeof PredefinedMetadataInputSchema.parse>) {
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    data: input.data === '' ? null : input.data,
    config: input.config,
    language: input.language,
    targetSubtype: input.targetSubtype,
    groupName: input.group,
  }
}

function propertyColumns(input: ReturnType<typeof PredefinedPropertyInputSchema.parse>) {
  return {
    name: input.name,
    description: input.description,
    key: input.key,
    type: input.type,
    data: input.data === '' ? null : input.data,
    config: input.config,
    ctype: [...new Set(input.ctype)],
    inheritable: input.inheritable,
    groupName: input.group,
  }
}

/**
 * POST /admin/settings/properties: list (optionally only those for one content type, as the
 * elements' properties tab asks), create, update or destroy a predefined property; writes audited.
 */
export async function predefinedPropertiesCall(
  ctx: AdminContext,
  call: ListCall,
): Promise<{ success: true; data: PredefinedProperty[]; total: number }> {
  const data = parseListData(call.data)
  if (call.xaction === 'read') {
    const conditions = [
      call.filter
        ? or(
            ilike(predefinedProperties.name, likePattern(call.filter)),
            ilike(predefinedProperties.key, likePattern(call.filter)),
            ilike(predefinedProperties.description, likePattern(call.filter)),
          )
        : undefined,
      call.ctype ? sql`${predefinedProperties.ctype} ? ${call.ctype}` : undefined,
    ]
    const rows = await ctx.db
      .select()
      .from(predefinedProperties)
      .where(and(...conditions))
      .orderBy(
        asc(predefinedProperties.groupName),
        asc(predefinedProperties.name),
        asc(predefinedProperties.id),
      )
    return { success: true, data: rows.map(toProperty), total: rows.length }
  }
  if (call.xaction === 'destroy') {
    const { id } = IdOnlySchema.parse(data)
    const [row] = await ctx.db
      .delete(predefinedProperties)
      .where(eq(predefinedProperties.id, id))
      .returning()
    if (!row) throw notFound()
    await audit(ctx, 'predefinedProperty.delete', 'predefinedProperty', id, toProperty(row), null)
    return { success: true, data: [], total: 0 }
  }
  if (call.xaction === 'create') {
    const input = PredefinedPropertyInputSchema.parse(data)
    checkOptions(input)
    const [row] = await ctx.db
      .insert(predefinedProperties)
      .values(propertyColumns(input))
      .returning()
    if (!row) throw notFound()
    await audit(
      ctx,
      'predefinedProperty.create',
      'predefinedProperty',
      row.id,
      null,
      toProperty(row),
    )
    return { success: true, data: [toProperty(row)], total: 1 }
  }
  const { id } = IdOnlySchema.parse(data)
  const [existing] = await ctx.db
    .select()
    .from(predefinedProperties)
    .where(eq(predefinedProperties.id, id))
  if (!existing) throw notFound()
  const input = PredefinedPropertyInputSchema.parse({
    ...toProperty(existing),
    ...(data as Record<string, unknown>),
  })
  checkOptions(input)
  const [row] = await ctx.db
    .update(predefinedProperties)
    .set({ ...propertyColumns(input), updatedAt: new Date() })
    .where(eq(predefinedProperties.id, id))
    .returning()
  if (!row) throw notFound()
  await audit(
    ctx,
    'predefinedProperty.update',
    'predefinedProperty',
    id,
    toProperty(existing),
    toProperty(row),
  )
  return { success: true, data: [toProperty(row)], total: 1 }
}
