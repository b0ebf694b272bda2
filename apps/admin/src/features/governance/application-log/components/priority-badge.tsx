import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { APP_LOG_PRIORITY_NAMES } from '@optika/domain/operations/application-log'

/** Colours from the most severe (0) to debug (7): reds, orange, blue, teal, grey. */
const COLOR = ['red', 'red', 'red', 'red', 'orange', 'blue', 'teal', 'gray'] as const

/** An entry's priority in words and colour; the three worst are filled, the rest light. */
export function PriorityBadge({ priority }: { priority: number }) {
  const { t } = useTranslation()
  const name = APP_LOG_PRIORITY_NAMES[priority]
  if (name === undefined) return <Badge variant="light">{priority}</Badge>
  return (
    <Badge variant={priority <= 2 ? 'filled' : 'light'} color={COLOR[priority]}>
      {t(`applicationLog.priority.${name}`)}
    </Badge>
  )
}
