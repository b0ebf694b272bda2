import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

export type OrdersText = (key: string, params?: Record<string, string | number>) => string

/**
 * `t` for the orders screens. Their keys (`admin.orders.*`, `orderStatus.*`, and labels picked
 * at run time such as `buyerKindKey(...)`) are not in the admin's typed key list yet, so this
 * takes any key; a key missing from the catalogue shows itself, as everywhere.
 */
export function useOrdersText(): OrdersText {
  const { t } = useTranslation()
  return useCallback(
    (key, params) => (t as unknown as (key: string, params?: object) => string)(key, params),
    [t],
  )
}
