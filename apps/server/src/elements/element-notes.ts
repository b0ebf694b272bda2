import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  Note,
  NoteAddSchema,
  NoteDataItem,
  NoteListQuerySchema,
  NotePage,
} from '@optika/domain/pim/element-api'
import { elementNotes } from '../platform/db/schema/pim.ts'
import { AppError } from '../platform/http/app-error.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import {
  loadElementWithRight,
  pageOf,
  permissionKeyOf,
  readElementInfos,
  readUserNames,
  summarizeElements,
} from './element-lookup.ts'
import { loadElementRights } from './element-rights.ts'
import type { ElementRef } from './element-services.ts'

/** A list without an element is filtered by rights in memory; this bounds what is read for it. */
const MAX_SCANNED = 10_000

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** 400 with details unless every element a note's data names exists. */
async function assertNoteTargetsExist(ctx: AdminContext, data: readonly NoteDataItem[]) {
  const details: { path: string; key: string }[] = []
  for (const type of ['object', 'asset', 'document'] as const) {
    const items = data
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => item.type === type)
    if (items.length === 0) continue
    const found = await readElementInfos(
      ctx.db,
      type,
      items.map(({ item }) => Number(item.data)),
    )
    for (const { item, index } of items) {
      if (!found.has(Number(item.data))) {
        details.push({ path: `data.${index}.data`, key: 'pimElements.elementMissing' })
      }
    }
  }
  if (details.length > 0) {
    throw new AppError(400, 'VALIDATION', 'validation.formError', {}, details)
  }
}

/** Adds a note (with typed values) to an element the caller may save. */
export async function addNote(
  ctx: AdminContext,
  input: z.output<typeof NoteAddSchema>,
): Promise<Note> {
  const ref: ElementRef = { type: input.elementType, id: input.elementId }
  const info = await loadElementWithRight(ctx, ref, 'save')
  await assertNoteTargetsExist(ctx, input.data)
  const [row] = await ctx.db
    .insert(elementNotes)
    .values({
      elementType: ref.type,
      elementId: ref.id,
      type: input.type,
      title: input.title,
      description: input.description,
      data: input.data,
      userId: ctx.admin.userId,
    })
    .returning()
  const names = await readUserNames(ctx.db, [ctx.admin.userId])
  return {
    id: row!.id,
    elementType: ref.type,
    elementId: ref.id,
    elementPath: info.fullPath,
    type: row!.type,
    title: row!.title,
    description: row!.description,
    data: row!.data as NoteDataItem[],
    userId: ctx.admin.userId,
    userName: names.get(ctx.admin.userId) ?? null,
    date: row!.createdAt.toISOString(),
  }
}

/** Notes, newest first: of one element, or of every element the caller may see. */
export async function listNotes(
  ctx: AdminContext,
  query: z.output<typeof NoteListQuerySchema>,
): Promise<NotePage> {
  const conditions: SQL[] = []
  const oneElement = query.elementType !== undefined && query.elementId !== undefined
  if (oneElement) {
    await loadElementWithRight(ctx, { type: query.elementType!, id: query.elementId! }, 'view')
    conditions.push(eq(elementNotes.elementType, query.elementType!))
    conditions.push(eq(elementNotes.elementId, query.elementId!))
  } else if (query.elementType) {
    conditions.push(eq(elementNotes.elementType, query.elementType))
  }
  if (query.type) conditions.push(eq(elementNotes.type, query.type))
  if (query.text) {
    const pattern = escapeLike(query.text)
    conditions.push(
      or(ilike(elementNotes.title, pattern), ilike(elementNotes.description, pattern))!,
    )
  }
  const rows = await ctx.db
    .select()
    .from(elementNotes)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(elementNotes.createdAt), desc(elementNotes.id))
    .limit(MAX_SCANNED)
  const summaries = await summarizeElements(
    ctx.db,
    rows.map((row) => ({ type: row.elementType, id: row.elementId })),
  )
  const rights = oneElement ? null : await loadElementRights(ctx.db, ctx.admin)
  const visible = rows
    .map((row, index) => ({ row, path: summaries[index]?.path ?? null }))
    .filter(
      ({ row, path }) =>
        !rights ||
        ctx.admin.isAdmin ||
        (path !== null &&
          ctx.admin.permissions.has(permissionKeyOf(row.elementType)) &&
          rights.may(row.elementType, path, 'view')),
    )
  const page = pageOf(visible, query.page, query.pageSize)
  const names = await readUserNames(
    ctx.db,
    page.map(({ row }) => row.userId),
  )
  return {
    total: visible.length,
    items: page.map(({ row, path }) => ({
      id: row.id,
      elementType: row.elementType,
      elementId: row.elementId,
      elementPath: path,
      type: row.type,
      title: row.title,
      description: row.description,
      data: row.data as NoteDataItem[],
      userId: row.userId,
      userName: row.userId === null ? null : (names.get(row.userId) ?? null),
      date: row.createdAt.toISOString(),
    })),
  }
}
