import { NavLink } from '@mantine/core'
import { Link, useMatch } from 'react-router'

interface NavEntryProps {
  to: string
  label: string
  description?: string
  /** Match only this exact path (the dashboard), not the paths beneath it. */
  end?: boolean
}

/** A navbar link, highlighted and marked `aria-current="page"` on its screen and below it. */
export function NavEntry({ to, label, description, end = false }: NavEntryProps) {
  const active = useMatch({ path: to, end }) !== null
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      description={description}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  )
}
