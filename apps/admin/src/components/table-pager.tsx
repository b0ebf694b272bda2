import { Pagination } from '@mantine/core'
import { useTranslation } from 'react-i18next'

interface TablePagerProps {
  /** How many rows the whole (filtered) list has. */
  total: number
  pageSize: number
  page: number
  onChange: (page: number) => void
}

/** The pages of a paged table, with translated labels on every control; nothing for one page. */
export function TablePager({ total, pageSize, page, onChange }: TablePagerProps) {
  const { t } = useTranslation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({
        'aria-label':
          control === 'previous'
            ? t('admin.pagination.previous')
            : control === 'next'
              ? t('admin.pagination.next')
              : control === 'first'
                ? t('admin.pagination.first')
                : t('admin.pagination.last'),
      })}
      getItemProps={(item) => ({ 'aria-label': t('admin.pagination.page', { page: item }) })}
    />
  )
}
