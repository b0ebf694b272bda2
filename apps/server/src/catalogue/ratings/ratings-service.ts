import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { isSignedIn, type Viewer } from '@optika/domain/accounts/viewer'
import type {
  AdminRating,
  AdminRatingList,
  AdminRatingListQuery,
  ParsedRatingInput,
  Rating,
  RatingSummary,
} from '@optika/domain/catalogue/rating-api'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { productRatings } from '../../platform/db/schema/commerce.ts'
import { productIndex } from '../../platform/db/schema/pim.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { recordAudit, type AuditActor } from '../../identity/audit/record-audit.ts'

/** The newest ratings a product page lists; the count, average and distribution cover all. */
const LISTED_RATINGS = 100

/** Who hides or shows a rating, for `hidden_by` and the audit log. */
export type RatingModerator =
  | { readonly kind: 'customer'; readonly customerId: number }
  | { readonly kind: 'admin'; readonly actor: AuditActor }

export interface ModerationRequest {
  readonly by: RatingModerator
  readonly ip: string | null
  readonly requestId: string | null
}

export interface RatingsService {
  /** The product's visible ratings (moderators also see hidden ones), with the viewer's own. */
  summary(productId: number, viewer: Viewer): Promise<RatingSummary>
  /** Whether `productId` is a published product (variants and other objects are not). */
  isRateable(productId: number): Promise<boolean>
  /** Creates or changes the viewer's one rating of the product; answers the new summary. */
  rate(
    productId: number,
    viewer: Viewer,
    input: ParsedRatingInput,
    locale: Locale,
  ): Promise<RatingSummary>
  /** A moderator on the product page hides or shows one of its ratings. */
  moderate(
    productId: number,
    ratingId: number,
    hidden: boolean,
    viewer: Viewer,
    request: Omit<ModerationRequest, 'by'>,
  ): Promise<RatingSummary>
  /** The back office's list: newest first, filtered by visibility and product. */
  adminList(query: AdminRatingListQuery, locale: Locale): Promise<AdminRatingList>
  /** The back office hides or shows a rating (audited). */
  adminSetHidden(
    ratingId: number,
    hidden: boolean,
    request: ModerationRequest,
    locale: Locale,
  ): Promise<AdminRating>
}

/** 'Jana Nováková' → 'Jana N.': enough to tell reviewers apart, never the e-mail. */
export function shortName(firstName: string, lastName: string): string {
  const first = firstName.trim()
  const initial = lastName.trim().charAt(0)
  if (!initial) return first
  return first ? `${first} ${initial.toLocaleUpperCase()}.` : `${initial.toLocaleUpperCase()}.`
}

interface RatingRow {
  readonly id: number
  readonly customerId: number
  readonly overall: number
  readonly verbal: string
  readonly pros: string
  readonly cons: string
  readonly updatedAt: Date
  readonly hiddenAt: Date | null
  readonly firstName: string
  readonly lastName: string
}

/** Staff viewing the shop as a customer (support) do not write ratings in the customer's name. */
function assertOwnSession(viewer: Viewer): void {
  if (viewer.impersonatedBy !== null) {
    throw new AppError(403, 'IMPERSONATION_REFUSED', 'ratings.impersonationRefused')
  }
}

function hiddenByOf(by: RatingModerator): string {
  return by.kind === 'admin' ? `admin:${by.actor.id}` : `customer:${by.customerId}`
}

export function createRatingsService(deps: { readonly db: Db }): RatingsService {
  const { db } = deps

  async function isRateable(productId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: productIndex.productId })
      .from(productIndex)
      .where(eq(productIndex.productId, productId))
    return row !== undefined
  }

  async function assertRateable(productId: number): Promise<void> {
    if (!(await isRateable(productId))) {
      throw new AppError(404, 'PRODUCT_NOT_FOUND', 'cart.productNotFound')
    }
  }

  const ratingColumns = {
    id: productRatings.id,
    customerId: productRatings.customerId,
    overall: productRatings.overall,
    verbal: productRatings.verbal,
    pros: productRatings.pros,
    cons: productRatings.cons,
    updatedAt: productRatings.updatedAt,
    hiddenAt: productRatings.hiddenAt,
    firstName: customers.firstName,
    lastName: customers.lastName,
  }
  function toRating(row: RatingRow, viewer: Viewer): Rating {
    return {
      id: row.id,
      overall: row.overall,
      verbal: row.verbal,
      pros: row.pros,
      cons: row.cons,
      author: shortName(row.firstName, row.lastName),
      date: row.updatedAt.toISOString(),
      hidden: row.hiddenAt !== null,
      mine: viewer.customerId !== null && row.customerId === viewer.customerId,
    }
  }

  // A product page's reads, built once (`.prepare`): rebuilt per request, their query objects
  // were a large part of what a product page's request kept alive (issue 22, decision 077).
  const rated = sql.placeholder('productId')
  const visible = and(eq(productRatings.productId, rated), isNull(productRatings.hiddenAt))
  // The listed ratings, each carrying the visible ones' count per star (one read: without a
  // listed rating there is no visible one either). Moderators see the hidden ones too.
  const listedRatings = (canModerate: boolean) =>
    db
      .select({
        ...ratingColumns,
        perStar: sql<number[]>`(select array[${sql.join(
          [1, 2, 3, 4, 5].map(
            (star) =>
              sql`count(*) filter (where ${productRatings.overall} = ${sql.raw(String(star))})`,
          ),
          sql`, `,
        )}]::int[] from ${productRatings} where ${visible})`,
      })
      .from(productRatings)
      .innerJoin(customers, eq(customers.id, productRatings.customerId))
      .where(canModerate ? eq(productRatings.productId, rated) : visible)
      .orderBy(desc(productRatings.updatedAt), desc(productRatings.id))
      .limit(LISTED_RATINGS)
      .prepare(canModerate ? 'optika_ratings_moderated' : 'optika_ratings_listed')
  const listedVisible = listedRatings(false)
  const listedAll = listedRatings(true)
  // The author's own rating even when hidden or beyond the listed ones: the form changes it.
  const ownRating = db
    .select(ratingColumns)
    .from(productRatings)
    .innerJoin(customers, eq(customers.id, productRatings.customerId))
    .where(
      and(
        eq(productRatings.productId, rated),
        eq(productRatings.customerId, sql.placeholder('customerId')),
      ),
    )
    .prepare('optika_ratings_own')

  async function summary(productId: number, viewer: Viewer): Promise<RatingSummary> {
    const canModerate = viewer.isModerator && isSignedIn(viewer)
    const [listed, own] = await Promise.all([
      (canModerate ? listedAll : listedVisible).execute({ productId }),
      viewer.customerId === null
        ? []
        : ownRating.execute({ productId, customerId: viewer.customerId }),
    ])
    const distribution = listed[0]?.perStar.map(Number) ?? [0, 0, 0, 0, 0]
    let total = 0
    let sum = 0
    distribution.forEach((n, index) => {
      total += n
      sum += (index + 1) * n
    })
    const mine = own[0] ? toRating(own[0], viewer) : null

    return {
      productId,
      count: total,
      average: total === 0 ? null : Math.round((sum / total) * 10) / 10,
      distribution,
      ratings: listed.map((row) => toRating(row, viewer)),
      mine,
      canRate: isSignedIn(viewer),
      canModerate,
    }
  }

  async function setHidden(ratingId: number, hidden: boolean, by: RatingModerator) {
    const [row] = await db
      .update(productRatings)
      .set(
        hidden
          ? // Hiding twice keeps who hid it first and when.
            {
              hiddenAt: sql`coalesce(${productRatings.hiddenAt}, now())`,
              hiddenBy: sql`coalesce(${productRatings.hiddenBy}, ${hiddenByOf(by)})`,
            }
          : { hiddenAt: null, hiddenBy: null },
      )
      .where(eq(productRatings.id, ratingId))
      .returning({
        id: productRatings.id,
        productId: productRatings.productId,
        hiddenAt: productRatings.hiddenAt,
        hiddenBy: productRatings.hiddenBy,
      })
    return row
  }

  async function audit(
    request: ModerationRequest,
    ratingId: number,
    before: { hidden: boolean },
    after: { hidden: boolean; hiddenBy: string | null },
  ): Promise<void> {
    await recordAudit(db, {
      actor: request.by.kind === 'admin' ? request.by.actor : null,
      action: after.hidden ? 'rating.hide' : 'rating.show',
      entityType: 'productRating',
      entityId: ratingId,
      before,
      after: { ...after, by: hiddenByOf(request.by) },
      ip: request.ip,
      requestId: request.requestId,
    })
  }

  async function adminRating(ratingId: number, locale: Locale): Promise<AdminRating | null> {
    const { items } = await adminQuery(eq(productRatings.id, ratingId), 1, 0, locale)
    return items[0] ?? null
  }

  async function adminQuery(
    where: SQL | undefined,
    limit: number,
    offset: number,
    locale: Locale,
  ): Promise<AdminRatingList> {
    const [rows, [totals]] = await Promise.all([
      db
        .select({
          id: productRatings.id,
          productId: productRatings.productId,
          productName: productIndex.name,
          productCode: productIndex.code,
          customerId: productRatings.customerId,
          firstName: customers.firstName,
          lastName: customers.lastName,
          overall: productRatings.overall,
          verbal: productRatings.verbal,
          pros: productRatings.pros,
          cons: productRatings.cons,
          locale: productRatings.locale,
          createdAt: productRatings.createdAt,
          updatedAt: productRatings.updatedAt,
          hiddenAt: productRatings.hiddenAt,
          hiddenBy: productRatings.hiddenBy,
        })
        .from(productRatings)
        .innerJoin(customers, eq(customers.id, productRatings.customerId))
        .leftJoin(productIndex, eq(productIndex.productId, productRatings.productId))
        .where(where)
        .orderBy(desc(productRatings.updatedAt), desc(productRatings.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(productRatings).where(where),
    ])
    return {
      total: totals?.n ?? 0,
      items: rows.map((row) => ({
        id: row.id,
        productId: row.productId,
        productName: row.productName?.[locale] ?? row.productName?.en ?? '',
        productCode: row.productCode ?? '',
        customerId: row.customerId,
        customerName: `${row.firstName} ${row.lastName}`.trim(),
        overall: row.overall,
        verbal: row.verbal,
        pros: row.pros,
        cons: row.cons,
        locale: row.locale,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        hidden: row.hiddenAt !== null,
        hiddenAt: row.hiddenAt?.toISOString() ?? null,
        hiddenBy: row.hiddenBy,
      })),
    }
  }

  return {
    summary,
    isRateable,

    async rate(productId, viewer, input, locale) {
      if (viewer.customerId === null) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
      assertOwnSession(viewer)
      await assertRateable(productId)
      const values = {
        overall: input.overall,
        verbal: input.verbal,
        pros: input.pros,
        cons: input.cons,
        locale,
      }
      // One statement: two quick submits (two tabs, a double click) change the one row instead
      // of tripping the unique index. A hidden rating stays hidden when its author edits it.
      await db
        .insert(productRatings)
        .values({ productId, customerId: viewer.customerId, ...values })
        .onConflictDoUpdate({
          target: [productRatings.productId, productRatings.customerId],
          set: { ...values, updatedAt: sql`now()` },
        })
      return summary(productId, viewer)
    },

    async moderate(productId, ratingId, hidden, viewer, request) {
      if (viewer.customerId === null) throw new AppError(401, 'UNAUTHORIZED', 'auth.notLoggedIn')
      if (!viewer.isModerator) throw new AppError(403, 'FORBIDDEN', 'server.forbidden')
      assertOwnSession(viewer)
      await assertRateable(productId)
      const [existing] = await db
        .select({ hiddenAt: productRatings.hiddenAt })
        .from(productRatings)
        .where(and(eq(productRatings.id, ratingId), eq(productRatings.productId, productId)))
      if (!existing) throw new AppError(404, 'RATING_NOT_FOUND', 'ratings.notFound')
      const by: RatingModerator = { kind: 'customer', customerId: viewer.customerId }
      const row = await setHidden(ratingId, hidden, by)
      if (row) {
        await audit(
          { ...request, by },
          ratingId,
          { hidden: existing.hiddenAt !== null },
          { hidden, hiddenBy: row.hiddenBy },
        )
      }
      return summary(productId, viewer)
    },

    async adminList(query, locale) {
      const where = and(
        query.visibility === 'hidden' ? isNotNull(productRatings.hiddenAt) : undefined,
        query.visibility === 'visible' ? isNull(productRatings.hiddenAt) : undefined,
        query.productId === undefined ? undefined : eq(productRatings.productId, query.productId),
      )
      return adminQuery(where, query.limit, (query.page - 1) * query.limit, locale)
    },

    async adminSetHidden(ratingId, hidden, request, locale) {
      const before = await adminRating(ratingId, locale)
      if (!before) throw new AppError(404, 'RATING_NOT_FOUND', 'ratings.notFound')
      const row = await setHidden(ratingId, hidden, request.by)
      if (!row) throw new AppError(404, 'RATING_NOT_FOUND', 'ratings.notFound')
      await audit(request, ratingId, { hidden: before.hidden }, { hidden, hiddenBy: row.hiddenBy })
      const after = await adminRating(ratingId, locale)
      if (!after) throw new AppError(404, 'RATING_NOT_FOUND', 'ratings.notFound')
      return after
    },
  }
}
