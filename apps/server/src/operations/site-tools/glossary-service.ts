import { eq } from 'drizzle-orm'
import {
  GlossaryTermInputSchema,
  type GlossaryTerm,
  type GlossaryTermInput,
} from '@optika/domain/operations/glossary'
import type { Db } from '../../platform/db/client.ts'
import { glossaryTerms } from '../../platform/db/schema/site-tools.ts'
import { sites } from '../../platform/db/schema/documents.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { applyGlossary, prepareGlossary, type GlossaryPageState } from './apply-glossary.ts'
import { idOf, parseRecord, recordOf, type GridRequest } from './grid-request.ts'
import { auditSiteToolsChange, type StaffRequest } from './site-tools-audit.ts'

type Row = typeof glossaryTerms.$inferSelect

/** Terms are re-read at most this often when another process may have changed them. */

const SORTS = {
  text: (t: GlossaryTerm) => t.text.toLocaleLowerCase(),
  language: (t: GlossaryTerm) => t.language,
  link: (t: GlossaryTerm) => t.link,
  updatedAt: (t: GlossaryTerm) => t.updatedAt,
} as const

function toTerm(row: Row): GlossaryTerm {
  return {
    id: row.id,
    text: row.text,
    language: row.language,
    siteId: row.siteId,
    link: row.link,
    abbr: row.abbr,
    acronym: row.acronym,
    caseSensitive: row.caseSensitive,
    exactMatch: row.exactMatch,
    updatedAt: row.updatedAt.toISOString(),
  }
}

function inputOf(term: GlossaryTerm): GlossaryTermInput {
  const { id: _id, updatedAt: _updatedAt, ...input } = term
  return { ...input, language: input.language as GlossaryTermInput['language'] }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } }
  return e.code === '23505' || e.cause?.code === '23505'
}

/** Draws a page's glossary into each of its pieces of HTML, in page order. */
export type GlossaryPageDrawer = (html: string) => string

export interface GlossaryService {
  grid(
    db: Db,
    staff: StaffRequest,
    request: GridRequest,
  ): Promise<{ data: GlossaryTerm[]; total: number }>
  /**
   * The drawer for one page in a language on a site (null = no site): terms of that language or
   * of every language, of that site or of every site; each term on its first occurrence only.
   */
  forPage(input: {
    readonly locale: string
    readonly siteId: number | null
  }): Promise<GlossaryPageDrawer>
  /** Drops the kept terms: another process changed them (the `glossary` change signal). */
  invalidate(): void
}

/**
 * The glossary, kept in memory with its terms prepared per language and site (the version moves
 * with every write of this process and with the `glossary` change signal a trigger on the table
 * moves, decision 060). Kept document
 * pages are drawn again on a change by the table's trigger (document generation).
 */
export function createGlossaryService(deps: { readonly db: Db }): GlossaryService {
  let loaded: { version: number; terms: readonly GlossaryTerm[] } | null = null
  let version = 0
  const prepared = new Map<string, { version: number; terms: ReturnType<typeof prepareGlossary> }>()

  async function termsOf(db: Db): Promise<readonly GlossaryTerm[]> {
    if (loaded && loaded.version === version) return loaded.terms
    const rows = await db.select().from(glossaryTerms)
    if (loaded) version += 1
    loaded = { version, terms: rows.map(toTerm) }
    return loaded.terms
  }

  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, 'GLOSSARY_TERM_TAKEN', 'siteTools.error.termTaken')
      }
      throw error
    } finally {
      version += 1
    }
  }

  async function checkSite(db: Db, siteId: number | null): Promise<void> {
    if (siteId === null) return
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId))
    if (!site) throw new AppError(400, 'UNKNOWN_SITE', 'siteTools.error.unknownSite')
  }

  async function findTerm(db: Db, id: number): Promise<GlossaryTerm> {
    const [row] = await db.select().from(glossaryTerms).where(eq(glossaryTerms.id, id))
    if (!row) throw new AppError(404, 'GLOSSARY_TERM_NOT_FOUND', 'siteTools.error.termNotFound')
    return toTerm(row)
  }

  async function read(db: Db, request: GridRequest) {
    const needle = request.filter.toLocaleLowerCase()
    let list = (await termsOf(db)).filter(
      (t) =>
        needle === '' ||
        [t.text, t.link, t.abbr, t.acronym].some((v) => v.toLocaleLowerCase().includes(needle)),
    )
    const sort = request.sort
    const property = sort && Object.hasOwn(SORTS, sort.property) ? sort.property : 'text'
    const key = SORTS[property as keyof typeof SORTS]
    const sign = sort?.direction === 'DESC' ? -1 : 1
    list = [...list].sort((a, b) => {
      const x = key(a)
      const y = key(b)
      return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id - b.id
    })
    return { data: list.slice(request.start, request.start + request.limit), total: list.length }
  }

  async function create(db: Db, staff: StaffRequest, data: unknown): Promise<GlossaryTerm> {
    const input = parseRecord(GlossaryTermInputSchema, data, 'INVALID_GLOSSARY_TERM')
    await checkSite(db, input.siteId)
    return write(() =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(glossaryTerms).values(input).returning()
        const term = toTerm(row!)
        await auditSiteToolsChange(tx, staff, {
          action: 'glossaryTerm.create',
          entityType: 'glossaryTerm',
          entityId: term.id,
          after: input,
        })
        return term
      }),
    )
  }

  async function update(db: Db, staff: StaffRequest, id: number, changes: Record<string, unknown>) {
    const before = inputOf(await findTerm(db, id))
    const { id: _id, updatedAt: _updatedAt, ...fields } = changes
    const input = parseRecord(
      GlossaryTermInputSchema,
      { ...before, ...fields },
      'INVALID_GLOSSARY_TERM',
    )
    await checkSite(db, input.siteId)
    return write(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(glossaryTerms)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(glossaryTerms.id, id))
          .returning()
        if (!row) throw new AppError(404, 'GLOSSARY_TERM_NOT_FOUND', 'siteTools.error.termNotFound')
        await auditSiteToolsChange(tx, staff, {
          action: 'glossaryTerm.update',
          entityType: 'glossaryTerm',
          entityId: id,
          before,
          after: input,
        })
        return toTerm(row)
      }),
    )
  }

  async function destroy(db: Db, staff: StaffRequest, id: number): Promise<void> {
    const before = inputOf(await findTerm(db, id))
    await write(() =>
      db.transaction(async (tx) => {
        await tx.delete(glossaryTerms).where(eq(glossaryTerms.id, id))
        await auditSiteToolsChange(tx, staff, {
          action: 'glossaryTerm.delete',
          entityType: 'glossaryTerm',
          entityId: id,
          before,
        })
      }),
    )
  }

  return {
    invalidate() {
      version += 1
    },
    async grid(db, staff, request) {
      switch (request.action) {
        case 'read':
          return read(db, request)
        case 'create':
          return { data: [await create(db, staff, recordOf(request.data))], total: 1 }
        case 'update': {
          const record = recordOf(request.data)
          return { data: [await update(db, staff, idOf(record), record)], total: 1 }
        }
        case 'destroy':
          await destroy(db, staff, idOf(request.data))
          return { data: [], total: 0 }
      }
    },
    async forPage({ locale, siteId }) {
      const terms = await termsOf(deps.db)
      const key = `${locale}:${siteId ?? ''}`
      let entry = prepared.get(key)
      if (!entry || entry.version !== loaded?.version) {
        entry = {
          version: loaded?.version ?? 0,
          terms: prepareGlossary(
            terms.filter(
              (t) =>
                (t.language === '' || t.language === locale) &&
                (t.siteId === null || t.siteId === siteId),
            ),
          ),
        }
        prepared.set(key, entry)
      }
      const pageTerms = entry.terms
      const used: GlossaryPageState = new Set()
      return (html) => applyGlossary(html, pageTerms, used)
    },
  }
}
