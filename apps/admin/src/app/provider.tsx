import { MantineProvider } from '@mantine/core'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { CURRENT_USER_QUERY_KEY } from '../features/identity/auth/api/auth-api.ts'
import { ApiError, isUnauthenticated } from '../lib/api-client.ts'
import { adminI18n } from './i18n/admin-i18n.ts'
import { adminCssVariablesResolver, adminTheme } from './theme.ts'

/** Everything a screen may rely on: translations, the Mantine theme, the query cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <I18nextProvider i18n={adminI18n}>
      <MantineProvider
        theme={adminTheme}
        cssVariablesResolver={adminCssVariablesResolver}
        defaultColorScheme="light"
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  )
}

/**
 * The query cache. A 401 from any call means the session has ended (idle timeout, signed out
 * elsewhere): the current user is asked again, and its 401 sends the auth guard to the sign-in.
 */
function createQueryClient(): QueryClient {
  const askCurrentUser = (error: unknown) => {
    if (isUnauthenticated(error)) {
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })
    }
  }
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The current user's own 401 is the guard's to handle; asking again would loop.
        if (query.queryHash !== JSON.stringify(CURRENT_USER_QUERY_KEY)) askCurrentUser(error)
      },
    }),
    mutationCache: new MutationCache({ onError: askCurrentUser }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refused call (401/403) is an answer, not a hiccup to retry.
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  })
  return queryClient
}
