import '@mantine/core/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { initAdminI18n } from './app/i18n/admin-i18n.ts'
import { AppProvider } from './app/provider.tsx'
import { createAdminRouter } from './app/router.tsx'

/** Loads the dictionaries, then renders the back office into #root. */
async function startAdmin(): Promise<void> {
  const container = document.getElementById('root')
  if (container === null) throw new Error('The admin page has no #root element')
  await initAdminI18n()
  const router = createAdminRouter()
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  )
}

void startAdmin()
