import { eq } from 'drizzle-orm'
import type { LocalizedText } from '@optika/domain/catalogue/product-data'
import {
  listFields,
  type FieldDefinition,
  type SelectOption,
} from '@optika/domain/pim/class-definition'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import { selectOptions } from '../../platform/db/schema/pim.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { categoryUrl, productUrl } from '../../catalogue/reads/catalogue-urls.ts'
import { requireClass } from './class-access.ts'
import { loadObjectRow } from './object-rows.ts'
import { loadObjectRights } from './object-rights.ts'

function slugOf(data: unknown): LocalizedText | undefined {
  const slug = (data as { slug?: unknown } | null)?.slug
  return slug && typeof slug === 'object' ? slug : undefined
}

/** The storefront URL of a Product (a variant shows its product) or Category. */
export async function previewUrl(
  ctx: AdminContext,
  input: { id: number; locale?: string | undefined },
): Promise<string> {
  const rights = await loadObjectRights(ctx.db, ctx.admin)
  let row = await loadObjectRow(ctx.db, input.id)
  rights.assert(row.fullPath, 'view')
  const locale: Locale = (LOCALES as readonly string[]).includes(input.locale ?? '')
    ? (input.locale as Locale)
    : ctx.locale
  if (row.type === 'variant' && row.parentId !== null)
    row = await loadObjectRow(ctx.db, row.parentId)
  if (row.type === 'object' && row.classId === 'Product') {
    return productUrl(locale, row.id, slugOf(row.data))
  }
  if (row.type === 'object' && row.classId === 'Category') {
    return categoryUrl(locale, row.id, slugOf(row.data))
  }
  throw new AppError(404, 'NO_PREVIEW', 'pimObjects.noPreview')
}

function findField(fields: readonly FieldDefinition[], name: string): FieldDefinition | undefined {
  for (const field of fields) {
    if (field.name === name) return field
    const nested = field.children ? findField(field.children, name) : undefined
    if (nested) return nested
  }
  return undefined
}

/** Options of a select or multiselect field of a class: inline or from its named set. */
export async function getSelectOptions(
  ctx: AdminContext,
  input: { classId: string; fieldName: string },
): Promise<{ options: SelectOption[] }> {
  const cls = await requireClass(ctx.db, input.classId)
  const field = findField(
    listFields(cls.definition.layout).map((f) => f.field),
    input.fieldName,
  )
  if (!field || (field.type !== 'select' && field.type !== 'multiselect')) {
    throw new AppError(404, 'FIELD_NOT_FOUND', 'pimObjects.fieldNotFound', {
      field: input.fieldName,
    })
  }
  if (field.optionsProviderId) {
    const [set] = await ctx.db
      .select({ options: selectOptions.options })
      .from(selectOptions)
      .where(eq(selectOptions.id, field.optionsProviderId))
    return { options: (set?.options as SelectOption[] | undefined) ?? [] }
  }
  return { options: [...(field.options ?? [])] }
}
