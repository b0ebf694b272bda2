import { useMemo } from 'react'
import { ADMIN_NAV_GROUPS, type AdminArea } from '../../../../config/admin-navigation.ts'
import { hasAnyPermission } from '../components/access-denied.tsx'
import { useCurrentUser } from './auth-api.ts'

export interface AllowedNavGroup {
  readonly id: string
  readonly titleKey: (typeof ADMIN_NAV_GROUPS)[number]['titleKey']
  readonly areas: readonly AdminArea[]
}

/** The navigation groups with only the areas the signed-in user may open; empty groups drop out. */
export function useAllowedNavGroups(): readonly AllowedNavGroup[] {
  const { data: user } = useCurrentUser()
  return useMemo(
    () =>
      ADMIN_NAV_GROUPS.map((group) => ({
        id: group.id,
        titleKey: group.titleKey,
        areas: (group.areas as readonly AdminArea[]).filter((area) =>
          hasAnyPermission(user, area.permissions),
        ),
      })).filter((group) => group.areas.length > 0),
    [user],
  )
}
