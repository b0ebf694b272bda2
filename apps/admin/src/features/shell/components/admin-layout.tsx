import { AppShell } from '@mantine/core'
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { AdminHeader } from './admin-header.tsx'
import { AdminNavbar } from './admin-navbar.tsx'
import { SkipLink } from './skip-link.tsx'

const MAIN_ID = 'main-content'
const NAVBAR_ID = 'admin-navbar'

/** The back-office frame every screen renders in: header, collapsible navbar, main area. */
export function AdminLayout() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [mobileNavOpened, mobileNav] = useDisclosure(false)
  const [desktopNavOpened, setDesktopNavOpened] = useLocalStorage({
    key: 'optika.admin.navbar-opened',
    defaultValue: true,
  })
  // Mantine's `sm` breakpoint, where the navbar stops being a mobile overlay.
  const isDesktop = useMediaQuery('(min-width: 48em)', true)
  const navCollapsed = isDesktop ? !desktopNavOpened : !mobileNavOpened
  useScreenFocus(pathname)
  const closeMobileNav = mobileNav.close
  useEffect(() => closeMobileNav(), [pathname, closeMobileNav])

  return (
    <>
      <SkipLink targetId={MAIN_ID} />
      <AppShell
        header={{ height: 64 }}
        navbar={{
          width: 272,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileNavOpened, desktop: !desktopNavOpened },
        }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header>
          <AdminHeader
            navbarId={NAVBAR_ID}
            mobileNavOpened={mobileNavOpened}
            desktopNavOpened={desktopNavOpened}
            onToggleMobileNav={mobileNav.toggle}
            onToggleDesktopNav={() => setDesktopNavOpened((opened) => !opened)}
          />
        </AppShell.Header>
        {/* A collapsed navbar is only slid out of view; `inert` keeps its links out of the Tab order. */}
        <AppShell.Navbar id={NAVBAR_ID} aria-label={t('admin.nav.label')} inert={navCollapsed}>
          <AdminNavbar />
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }} bg="gray.0">
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  )
}

/**
 * After a client-side navigation, moves focus to the new screen's heading so keyboard and screen
 * reader users land on it, as they would after a full page load. The first render keeps focus.
 */
function useScreenFocus(pathname: string): void {
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    const main = document.getElementById(MAIN_ID)
    const heading = main?.querySelector<HTMLElement>('[data-screen-heading]')
    ;(heading ?? main)?.focus()
  }, [pathname])
}
