import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router'
import {
  ADMIN_BASE_PATH,
  ADMIN_SCREEN_REDIRECTS,
  toRouterPath,
  type AdminScreen,
} from '@optika/domain/admin/admin-screens'
import { ScreenLoader } from '../components/screen-loader.tsx'
import { ADMIN_AREAS, type AdminArea, type AdminAreaScreen } from '../config/admin-navigation.ts'
import { RequirePermission } from '../features/identity/auth/components/access-denied.tsx'
import { AuthGuard } from '../features/identity/auth/components/auth-guard.tsx'
import { AuthLayout } from '../features/identity/auth/components/auth-layout.tsx'
import { AdminLayout } from '../features/shell/components/admin-layout.tsx'
import { NotFoundScreen } from '../features/shell/components/not-found-screen.tsx'
import { RouteErrorScreen } from '../features/shell/components/route-error-screen.tsx'

/**
 * The back office's routes, relative to the /admin basename. The sign-in screens stand outside
 * the frame; everything else is behind the auth guard. The frame loads with the entry bundle;
 * every screen is its own chunk, loaded on first visit; every area is shown only to a user holding
 * one of its permission keys.
 */
export function createAdminRouter() {
  return createBrowserRouter(
    [
      {
        path: '/login',
        Component: AuthLayout,
        ErrorBoundary: RouteErrorScreen,
        HydrateFallback: ScreenLoader,
        children: [
          {
            index: true,
            lazy: {
              Component: async () =>
                (await import('../features/identity/auth/components/login-screen.tsx')).LoginScreen,
            },
          },
          {
            path: '2fa',
            lazy: {
              Component: async () =>
                (await import('../features/identity/auth/components/two-factor-screen.tsx'))
                  .TwoFactorScreen,
            },
          },
          {
            path: '2fa-setup',
            lazy: {
              Component: async () =>
                (await import('../features/identity/auth/components/two-factor-setup-screen.tsx'))
                  .TwoFactorSetupScreen,
            },
          },
          {
            path: 'lost-password',
            lazy: {
              Component: async () =>
                (await import('../features/identity/auth/components/lost-password-screen.tsx'))
                  .LostPasswordScreen,
            },
          },
          {
            path: 'reset-password',
            lazy: {
              Component: async () =>
                (await import('../features/identity/auth/components/reset-password-screen.tsx'))
                  .ResetPasswordScreen,
            },
          },
        ],
      },
      {
        path: '/',
        Component: AuthGuard,
        ErrorBoundary: RouteErrorScreen,
        HydrateFallback: ScreenLoader,
        children: [
          {
            Component: AdminLayout,
            children: [
              {
                // Keeps the frame around a screen that fails, and shows it while a screen first loads.
                ErrorBoundary: RouteErrorScreen,
                HydrateFallback: ScreenLoader,
                children: [
                  {
                    index: true,
                    lazy: {
                      Component: async () =>
                        (await import('../features/dashboard/components/dashboard-screen.tsx'))
                          .DashboardScreen,
                    },
                  },
                  {
                    path: toRouterPath('/admin/profile'),
                    lazy: {
                      Component: async () =>
                        (await import('../features/identity/profile/components/profile-screen.tsx'))
                          .ProfileScreen,
                    },
                  },
                  {
                    // The header search's full results; any signed-in user may search (the
                    // results are filtered by the user's element rights).
                    path: `${toRouterPath('/admin/search-results')}/*`,
                    lazy: {
                      Component: async () =>
                        (
                          await import('../features/operations/search/components/search-results-screen.tsx')
                        ).SearchResultsScreen,
                    },
                  },
                  {
                    // The signed-in user's notifications, reached from the header's bell.
                    path: `${toRouterPath('/admin/notifications')}/*`,
                    lazy: {
                      element: async () => {
                        const { NotificationsScreen } =
                          await import('../features/governance/notifications/components/notifications-screen.tsx')
                        return (
                          <RequirePermission keys={['notifications']}>
                            <NotificationsScreen />
                          </RequirePermission>
                        )
                      },
                    },
                  },
                  ...ADMIN_AREAS.map(areaRoute),
                  ...Object.entries(ADMIN_SCREEN_REDIRECTS).map(([from, to]) => ({
                    path: `${from.slice(ADMIN_BASE_PATH.length)}/*`,
                    element: <MovedScreen from={from} to={to} />,
                  })),
                  // Small, and the error screen shows it too, so it ships with the frame.
                  { path: '*', Component: NotFoundScreen },
                ],
              },
            ],
          },
        ],
      },
    ],
    { basename: ADMIN_BASE_PATH },
  )
}

/** A moved screen's old address (a link inside the app): the same place under its new one. */
function MovedScreen({ from, to }: { from: string; to: AdminScreen }) {
  const { pathname, search, hash } = useLocation()
  const rest = pathname.slice(from.length - ADMIN_BASE_PATH.length)
  return <Navigate replace to={`${toRouterPath(to)}${rest}${search}${hash}`} />
}

/** An area's screen, behind its keys. */
function areaRoute(area: AdminArea): RouteObject {
  return {
    // Every area screen owns its sub-paths (deep links like /admin/data-objects/123).
    path: `${toRouterPath(area.screen)}/*`,
    lazy: {
      element: async () => {
        const Screen = await AREA_SCREENS[area.screen]()
        return (
          <RequirePermission keys={area.permissions}>
            <Screen />
          </RequirePermission>
        )
      },
    },
  }
}

/** Each area's screen module, loaded on first visit. */
const AREA_SCREENS: Record<AdminAreaScreen, () => Promise<ComponentType>> = {
  '/admin/user-management': async () =>
    (await import('../features/identity/users/components/users-screen.tsx')).UsersScreen,
  '/admin/audit-trail': async () =>
    (await import('../features/identity/audit-log/components/audit-log-screen.tsx')).AuditLogScreen,
  '/admin/data-objects': async () =>
    (await import('../features/pim/data-objects/components/data-objects-screen.tsx'))
      .DataObjectsScreen,
  '/admin/class-definitions': async () =>
    (await import('../features/pim/class-definitions/components/class-definitions-screen.tsx'))
      .ClassDefinitionsScreen,
  '/admin/classification-stores': async () =>
    (
      await import('../features/pim/classification-stores/components/classification-stores-screen.tsx')
    ).ClassificationStoresScreen,
  '/admin/assets': async () =>
    (await import('../features/dam/asset-library/components/asset-library-screen.tsx'))
      .AssetLibraryScreen,
  '/admin/documents': async () =>
    (await import('../features/cms/documents/components/documents-screen.tsx')).DocumentsScreen,
  '/admin/quantity-units': async () =>
    (await import('../features/pim/quantity-units/components/quantity-units-screen.tsx'))
      .QuantityUnitsScreen,
  '/admin/shop-customers': async () =>
    (await import('../features/accounts/customers/components/customers-screen.tsx'))
      .CustomersScreen,
  '/admin/shop-partners': async () =>
    (await import('../features/accounts/customers/components/partners-screen.tsx')).PartnersScreen,
  '/admin/shop-orders': async () =>
    (await import('../features/commerce/orders/components/orders-screen.tsx')).OrdersScreen,
  '/admin/recycle-bin': async () =>
    (await import('../features/elements/recycle-bin/components/recycle-bin-screen.tsx'))
      .RecycleBinScreen,
  '/admin/shop-settings': async () =>
    (await import('../features/commerce/shop-settings/components/shop-settings-screen.tsx'))
      .ShopSettingsScreen,
  '/admin/contact-messages': async () =>
    (await import('../features/community/contact/components/contact-messages-screen.tsx'))
      .ContactMessagesScreen,
  '/admin/forum': async () =>
    (await import('../features/community/forum/components/forum-screen.tsx')).ForumScreen,
  '/admin/tag-manager': async () =>
    (await import('../features/elements/tag-manager/components/tag-manager-screen.tsx'))
      .TagManagerScreen,
  '/admin/dictionary': async () =>
    (await import('../features/operations/translations/components/translations-screen.tsx'))
      .TranslationsScreen,
  '/admin/seo-tools': async () =>
    (await import('../features/operations/seo/components/seo-tools-screen.tsx')).SeoToolsScreen,
  '/admin/email-log': async () =>
    (await import('../features/operations/email-log/components/email-log-screen.tsx'))
      .EmailLogScreen,
  '/admin/system-settings': async () =>
    (await import('../features/operations/settings/components/system-settings-screen.tsx'))
      .SystemSettingsScreen,
  '/admin/static-routes': async () =>
    (await import('../features/operations/static-routes/components/static-routes-screen.tsx'))
      .StaticRoutesScreen,
  '/admin/glossary-terms': async () =>
    (await import('../features/operations/glossary/components/glossary-screen.tsx')).GlossaryScreen,
  '/admin/workflows': async () =>
    (await import('../features/governance/workflow/components/workflows-screen.tsx'))
      .WorkflowsScreen,
  '/admin/personalization': async () =>
    (await import('../features/governance/targeting/components/targeting-screen.tsx'))
      .TargetingScreen,
  '/admin/custom-reports': async () =>
    (await import('../features/governance/custom-reports/components/custom-reports-screen.tsx'))
      .CustomReportsScreen,
  '/admin/application-log': async () =>
    (await import('../features/governance/application-log/components/application-log-screen.tsx'))
      .ApplicationLogScreen,
  '/admin/data-privacy': async () =>
    (await import('../features/governance/gdpr/components/data-privacy-screen.tsx'))
      .DataPrivacyScreen,
}
