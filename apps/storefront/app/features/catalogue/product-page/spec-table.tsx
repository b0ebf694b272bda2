import { useId } from 'react'
import type { SpecRow } from '@optika/domain/catalogue/product-detail-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'

/** The product's parameters: each row's label is its translation key, the value comes formatted. */
export function SpecTable({ rows }: { readonly rows: readonly SpecRow[] }) {
  const { t } = useTranslation()
  const headingId = useId()
  if (rows.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        {t('productPage.specification')}
      </h2>
      <table className="mt-4 w-full max-w-3xl text-left text-sm" aria-labelledby={headingId}>
        <tbody className="divide-y divide-stone-200 border-y border-stone-200">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="w-1/2 py-2.5 pr-4 font-normal text-stone-600">
                {t(row.key)}
              </th>
              <td className="py-2.5 font-medium text-stone-900">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
