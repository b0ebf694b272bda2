import { createBrowserRouter, type RouteObject } from 'react-router'
import { ADMIN_BASE_PATH, toRouterPath } from '@optika/domain/admin/admin-screens'
import { ScreenLoader } from '../components/screen-loader.tsx'
import { ADMIN_AREAS, type AdminArea } from '../config/admin-navigation.ts'
import { AdminLayout } from '../features/shell/components/admin-layout.tsx'
import { NotFoundScreen } from '../features/shell/components/not-found-screen.tsx'
import { RouteErrorScreen } from '../features/shell/components/route-error-screen.tsx'

/**
 * The back office's routes, relative to the /admin basename. The frame loads with the entry
 * bundle; every screen is its own chunk, loaded on first visit. A feature replaces its area's
 * placeholder by giving the area's route its own `lazy` screen.
 */
export function createAdminRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        Component: AdminLayout,
        ErrorBoundary: RouteErrorScreen,
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
              ...ADMIN_AREAS.map(placeholderRoute),
              // Small, and the error screen shows it too, so it ships with the frame.
              { path: '*', Component: NotFoundScreen },
            ],
          },
        ],
      },
    ],
    { basename: ADMIN_BASE_PATH },
  )
}

function placeholderRoute(area: AdminArea): RouteObject {
  return {
    path: toRouterPath(area.screen),
    lazy: {
      element: async () => {
        const { PlaceholderScreen } =
          await import('../features/shell/components/placeholder-screen.tsx')
        return <PlaceholderScreen area={area} />
      },
    },
  }
}
