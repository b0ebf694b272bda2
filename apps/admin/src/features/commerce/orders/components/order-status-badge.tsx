import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { orderStatusLabelKey } from '../model/order-labels.ts'

/** Tints of the light variant; the text keeps the body colour (a tinted text fails 4.5:1). */
const COLORS: Record<string, string> = {
  new: 'blue',
  confirmed: 'cyan',
  processing: 'violet',
  partiallyShipped: 'grape',
  shipped: 'teal',
  delivered: 'green',
  cancelled: 'gray',
}

/** An order's status as a coloured, translated badge. */
export function OrderStatusBadge({ status, size }: { status: string; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation()
  return (
    // A table column never squeezes the status into an ellipsis.
    <Badge
      variant="light"
      color={COLORS[status] ?? 'red'}
      c="var(--mantine-color-text)"
      size={size}
      style={{ minWidth: 'max-content' }}
    >
      {t(orderStatusLabelKey(status))}
    </Badge>
  )
}
