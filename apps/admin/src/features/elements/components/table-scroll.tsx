import { Box } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A wide table on a narrow screen: it scrolls sideways inside this box instead of widening the
 * page. The box takes focus, so keyboard users can scroll it too (a table without inputs would
 * otherwise be a scroll trap: axe's scrollable-region-focusable).
 */
export function TableScroll({
  label,
  minWidth,
  children,
}: {
  label: string
  minWidth: number
  children: ReactNode
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  )
}
