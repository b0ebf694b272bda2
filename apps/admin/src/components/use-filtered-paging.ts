import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'

/**
 * A paged list's filter text and page: the typed text, the debounced trimmed filter to query
 * with, and the page, which goes back to the first whenever the filter text changes.
 */
export function useFilteredPaging() {
  const [filterInput, setFilterInputValue] = useState('')
  const [filter] = useDebouncedValue(filterInput.trim(), 250)
  const [page, setPage] = useState(1)
  const setFilterInput = (value: string) => {
    setFilterInputValue(value)
    setPage(1)
  }
  return { filterInput, setFilterInput, filter, page, setPage }
}
