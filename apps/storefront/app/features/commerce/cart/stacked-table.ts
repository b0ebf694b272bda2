/**
 * Classes of a table that is a table on wide screens and one card per row on phones (below the
 * `sm` breakpoint): the head is kept for screen readers only, each row becomes a two-column grid,
 * `wide` cells span the card and `cell`s sit side by side, each with a visible `CELL_LABEL` that
 * screen readers skip (they hear the column's header). The elements also carry their table roles
 * explicitly, since a table shown as blocks may lose them in some browsers.
 */
export const STACKED = {
  table: 'w-full text-left text-sm max-sm:block',
  thead: 'border-b border-stone-300 text-stone-600 max-sm:sr-only',
  tbody: 'max-sm:block',
  tfoot: 'max-sm:block',
  row: 'border-b border-stone-200 align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:py-2',
  wide: 'max-sm:col-span-2 max-sm:block',
  cell: 'max-sm:block',
} as const

/** A cell's own label on phones; hidden from screen readers, which read the column header. */
export const CELL_LABEL = 'block text-xs font-normal text-stone-500 sm:hidden'
