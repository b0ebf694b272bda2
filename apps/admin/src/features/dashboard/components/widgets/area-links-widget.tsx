import { SimpleGrid } from '@mantine/core'
import { useAllowedNavGroups } from '../../../identity/auth/api/use-allowed-nav-groups.ts'
import { AreaGroupCard } from '../area-group-card.tsx'

/** The way to each back-office area the user may open, by navigation group. */
export function AreaLinksWidget() {
  const groups = useAllowedNavGroups()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {groups.map((group) => (
        <AreaGroupCard key={group.id} group={group} />
      ))}
    </SimpleGrid>
  )
}
