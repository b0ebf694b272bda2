import { Badge } from '@mantine/core'
import type { WorkflowPlaceBadge } from '@optika/domain/elements/workflow'
import { readableTextOn } from '../model/readable-text.ts'

/** A place as a badge in its colour; the description (if any) as its title. */
export function PlaceBadge({
  place,
  size = 'md',
}: {
  place: Pick<WorkflowPlaceBadge, 'label' | 'color'> & { description?: string }
  size?: 'sm' | 'md' | 'lg'
}) {
  return (
    <Badge
      size={size}
      variant="filled"
      title={place.description === '' ? undefined : place.description}
      style={{
        textTransform: 'none',
        backgroundColor: place.color,
        color: readableTextOn(place.color),
      }}
    >
      {place.label}
    </Badge>
  )
}
