import { DEALER_DAYS, type DealerOpeningHours } from '@optika/domain/community/dealer-api'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/** A dealer's week, Monday first: each day's hours (two rows for a lunch break) or "closed". */
export function OpeningHours({ hours }: { hours: DealerOpeningHours }) {
  const { t } = useTranslation()
  return (
    <table className="w-full max-w-sm text-sm">
      <caption className="sr-only">{t('dealerMap.detail.openingHours')}</caption>
      <tbody>
        {DEALER_DAYS.map((day) => {
          const rows = hours
            .filter((row) => row.day === day)
            .toSorted((a, b) => a.opens.localeCompare(b.opens))
          return (
            <tr key={day} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="py-1.5 pr-4 text-left font-medium text-stone-800">
                {t(`dealer.day.${day}`)}
              </th>
              <td className="py-1.5 text-stone-700 tabular-nums">
                {rows.length === 0
                  ? t('dealerMap.detail.closed')
                  : rows.map((row) => `${row.opens}–${row.closes}`).join(', ')}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
