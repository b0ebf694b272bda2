/** The position after the last one, in steps of ten so items can later be slotted between. */
export function nextSorter(rows: readonly { sorter: number }[]): number {
  return rows.length === 0 ? 10 : Math.max(...rows.map((row) => row.sorter)) + 10
}
