import type { ReportColumn } from '@optika/domain/operations/custom-reports'
import type { Db } from '../platform/db/client.ts'
import { customReports } from '../platform/db/schema/custom-reports.ts'

const column = (
  name: string,
  label: string,
  type: ReportColumn['type'],
  filter: ReportColumn['filter'],
): ReportColumn => ({ name, label, type, filter, sortable: true, visible: true, width: null })

/**
 * The two demo custom reports (issue 20): revenue by country and month, and best-selling products
 * by category. Both read the `reports` views only (decision 066), shared with every `reports` holder.
 * `db` is the seed's transaction.
 */
export async function insertDemoCustomReports(db: Db): Promise<void> {
  await db.insert(customReports).values([
    {
      name: 'revenue-by-country-and-month',
      niceName: 'Revenue by country and month',
      groupName: 'Sales',
      description:
        'Orders and gross revenue (in the order currency) per delivery country and month.',
      sql: `select to_char(date_trunc('month', created_at), 'YYYY-MM') as month,
  country,
  currency,
  count(*)::int as orders,
  round(sum(total_gross) / 100.0, 2) as revenue
from orders
where status <> 'cancelled'
group by 1, 2, 3`,
      columns: [
        column('month', 'Month', 'text', 'list'),
        column('country', 'Country', 'text', 'list'),
        column('currency', 'Currency', 'text', 'list'),
        column('orders', 'Orders', 'number', 'number'),
        column('revenue', 'Revenue', 'number', 'number'),
      ],
      defaultSort: { column: 'month', direction: 'asc' },
      chart: { type: 'bar', xColumn: 'month', yColumns: ['revenue'] },
      sharedGlobally: true,
    },
    {
      name: 'best-selling-products-by-category',
      niceName: 'Best-selling products by category',
      groupName: 'Sales',
      description: 'Units sold and gross revenue per product, with its main category.',
      sql: `select coalesce(c.name ->> 'en', c.key, '—') as category,
  i.code,
  min(i.name) as product,
  sum(i.quantity)::int as quantity,
  round(sum(i.quantity * i.unit_price_gross) / 100.0, 2) as revenue
from order_items i
left join products p on p.product_id = i.product_id
left join categories c on c.id = p.direct_category_ids[1]
group by 1, 2`,
      columns: [
        column('category', 'Category', 'text', 'list'),
        column('code', 'Code', 'text', 'text'),
        column('product', 'Product', 'text', 'text'),
        column('quantity', 'Units sold', 'number', 'number'),
        column('revenue', 'Revenue', 'number', 'number'),
      ],
      defaultSort: { column: 'quantity', direction: 'desc' },
      chart: { type: 'pie', xColumn: 'product', yColumns: ['quantity'] },
      sharedGlobally: true,
    },
  ])
}
