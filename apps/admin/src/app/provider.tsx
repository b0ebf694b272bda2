import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { adminI18n } from './i18n/admin-i18n.ts'
import { adminCssVariablesResolver, adminTheme } from './theme.ts'

/** Everything a screen may rely on: translations, the Mantine theme, the query cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  )
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
