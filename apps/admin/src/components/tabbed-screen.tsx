import { Stack, Tabs } from '@mantine/core'
import { Suspense, type ComponentType } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { toRouterPath, type AdminScreen } from '@optika/domain/admin/admin-screens'
import type { PermissionKey } from '@optika/domain/admin/permissions'
import { useCurrentUser } from '../features/identity/auth/api/auth-api.ts'
import { hasAnyPermission } from '../features/identity/auth/components/access-denied.tsx'
import { ScreenHeader } from './screen-header.tsx'
import { ScreenLoader } from './screen-loader.tsx'

export interface ScreenTab {
  /** The tab's address segment under the screen: /admin/seo-tools/<path>/… */
  readonly path: string
  /** The tab's translated label. */
  readonly label: string
  /** The permission keys that show the tab: any one of them does (as the tab's API checks). */
  readonly keys: readonly PermissionKey[]
  /** The tab's content, usually `lazy()` so each tab is its own chunk. It reads its own sub-path. */
  readonly Panel: ComponentType
}

/**
 * A screen of tabs with their own addresses (`/admin/<screen>/<tab>/…`, so a tab and its deep
 * links can be bookmarked). A tab shows only to a user holding one of its keys; an unknown or
 * forbidden tab's address goes to the first tab the user may see.
 */
export function TabbedScreen({
  screen,
  title,
  description,
  tabs,
}: {
  screen: AdminScreen
  title: string
  description: string
  tabs: readonly ScreenTab[]
}) {
  const navigate = useNavigate()
  const { data: user } = useCurrentUser()
  const rest = useParams()['*'] ?? ''
  const allowed = tabs.filter((tab) => hasAnyPermission(user, tab.keys))
  const current = allowed.find((tab) => tab.path === rest.split('/')[0])
  const base = toRouterPath(screen)
  if (!current) {
    const first = allowed[0]
    return first ? <Navigate to={`${base}/${first.path}`} replace /> : null
  }
  return (
    <Stack gap="xl">
      <ScreenHeader title={title} description={description} />
      <Tabs
        value={current.path}
        onChange={(value) => {
          if (value) void navigate(`${base}/${value}`)
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {allowed.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {allowed.map((tab) => (
          <Tabs.Panel key={tab.path} value={tab.path} pt="lg">
            <Suspense fallback={<ScreenLoader />}>
              <tab.Panel />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}
