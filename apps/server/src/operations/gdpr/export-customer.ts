import { PERSONAL_DATA_SECTIONS, type GdprPersonSummary } from '@optika/domain/operations/gdpr'
import {
  countPersonalData,
  loadCustomerRow,
  loadPersonalData,
  streamPersonalData,
} from '../../accounts/personal-data/extract-personal-data.ts'
import { recordAudit } from '../../identity/audit/record-audit.ts'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import { renderPersonalDataPdf } from './personal-data-pdf.ts'

/** What the screen shows before an export: who it is and how much each section holds. */
export async function summarizeCustomer(ctx: AdminContext, id: number): Promise<GdprPersonSummary> {
  const customer = await loadCustomerRow(ctx.db, id)
  return {
    id: customer.id,
    kind: customer.kind,
    name: `${customer.firstName} ${customer.lastName}`.trim() || (customer.company ?? ''),
    email: customer.email,
    clientNumber: customer.clientNumber,
    createdAt: customer.createdAt.toISOString(),
    anonymizedAt: customer.deletedAt?.toISOString() ?? null,
    counts: await countPersonalData(ctx.db, customer),
  }
}

export type CustomerDownload =
  | { format: 'json'; fileName: string; chunks: AsyncIterable<string> }
  | { format: 'pdf'; fileName: string; body: Buffer }

/**
 * Everything the shop holds about a customer or partner, as streamed JSON or a PDF, read by the
 * one extractor the storefront's "download my data" uses. Who exported whom is audited.
 */
export async function exportCustomer(
  ctx: AdminContext,
  id: number,
  format: 'json' | 'pdf',
): Promise<CustomerDownload> {
  const data = await loadPersonalData(ctx.db, id)
  await recordAudit(ctx.db, {
    actor: { id: ctx.admin.userId, name: ctx.admin.name },
    action: 'gdpr.export',
    entityType: 'customer',
    entityId: id,
    after: { format },
    ip: ctx.ip,
    requestId: ctx.requestId,
  })
  if (format === 'json') {
    return { format, fileName: `${data.fileName}.json`, chunks: streamPersonalData(data) }
  }
  const known = new Set<string>([...PERSONAL_DATA_SECTIONS, 'newsletter'])
  const body = await renderPersonalDataPdf(data, {
    title: ctx.t('gdpr.pdf.title'),
    generatedAt: ctx.t('gdpr.pdf.generatedAt'),
    more: (count) => ctx.t('gdpr.pdf.more', { count }),
    none: ctx.t('gdpr.pdf.none'),
    section: (name) => (known.has(name) ? ctx.t(`gdpr.section.${name}`) : name),
  })
  return { format, fileName: `${data.fileName}.pdf`, body }
}
