import { useId } from 'react'
import type { ActiveFilterEntry } from '@optika/domain/catalogue/product-list-api'
import { useTranslation } from '../../../i18n/i18n-provider.tsx'
import { CloseIcon } from '../../../components/icons.tsx'

/**
 * Seed section 2: 'Active filters:' — one button per active value, reading 'title: value name';
 * pressing it removes that value. Nothing is shown while no filter is active.
 */
export function ActiveFilters({
  entries,
  onRemove,
}: {
  entries: readonly ActiveFilterEntry[]
  onRemove: (entry: ActiveFilterEntry) => void
}) {
  const { t } = useTranslation()
  const headingId = useId()
  if (entries.length === 0) return null
  return (
    <div className="border-b border-stone-200 pb-4">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {t('filter.activeFilters')}
      </h3>
      <ul aria-labelledby={headingId} className="mt-2 flex flex-wrap gap-1.5">
        {entries.map((entry) => (
          <li key={`${entry.name}\n${entry.value}`}>
            <button
              type="button"
              onClick={() => onRemove(entry)}
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-left text-sm text-brand-900 hover:border-brand-600 hover:bg-brand-100"
            >
              <span className="sr-only">{t('filter.removeValue')}: </span>
              {t('filter.activeEntry', { title: entry.title, value: entry.valueName })}
              <CloseIcon className="size-4 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
