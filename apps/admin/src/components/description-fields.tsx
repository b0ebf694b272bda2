import { SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** Label/value pairs as a description list; an empty value reads as a dash. */
export function DescriptionFields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value === null || value === '' ? '—' : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}
