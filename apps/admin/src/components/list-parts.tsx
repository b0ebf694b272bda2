import { Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useState, type ReactNode } from 'react'
import { TablePager } from './table-pager.tsx'

/** The framed, labelled section a list's filters sit in. */
export function FilterPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      {children}
    </Paper>
  )
}

/** A search box that reports its text once typing pauses; it starts from `initial`. */
export function SearchInput({
  label,
  placeholder,
  initial,
  onSearch,
}: {
  label: string
  placeholder: string
  initial: string
  onSearch: (search: string) => void
}) {
  const [value, setValue] = useState(initial)
  const search = useDebouncedCallback(onSearch, 300)
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value)
        search(event.currentTarget.value)
      }}
    />
  )
}

export type ExportFormat = 'csv' | 'xlsx'

/** Download links for the list as it is filtered, one a format. */
export function ExportButtons({
  href,
  labels,
}: {
  href: (format: ExportFormat) => string
  labels: Record<ExportFormat, string>
}) {
  return (
    <Group>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button key={format} component="a" href={href(format)} download variant="default">
          {labels[format]}
        </Button>
      ))}
    </Group>
  )
}

/** A table column's heading; numbers are right-aligned. */
export type Column = string | { label: string; align: 'right' }

/**
 * One page of a list: how many there are in all, the table (a line saying so when the page is
 * empty) and the pager.
 */
export function PagedTable<T>({
  count,
  label,
  minWidth,
  highlightOnHover = false,
  columns,
  empty,
  rows,
  renderRow,
  total,
  pageSize,
  page,
  onPage,
}: {
  /** The line announcing the total. */
  count: string
  label: string
  minWidth: number
  highlightOnHover?: boolean
  columns: readonly Column[]
  empty: string
  rows: readonly T[]
  renderRow: (row: T) => ReactNode
  total: number
  pageSize: number
  page: number
  onPage: (page: number) => void
}) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" role="status">
        {count}
      </Text>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover={highlightOnHover} withTableBorder aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) =>
                typeof column === 'string' ? (
                  <Table.Th key={index}>{column}</Table.Th>
                ) : (
                  <Table.Th key={index} style={{ textAlign: column.align }}>
                    {column.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length} c="dimmed">
                  {empty}
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map(renderRow)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePager total={total} pageSize={pageSize} page={page} onChange={onPage} />
    </Stack>
  )
}
