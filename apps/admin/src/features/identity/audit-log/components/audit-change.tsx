import { Code, Spoiler, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

function showJson(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2)
}

/** An audit entry's before/after snapshots, folded to two lines until opened; nothing when empty. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation()
  if ((before === null || before === undefined) && (after === null || after === undefined)) {
    return null
  }
  return (
    <Spoiler
      maxHeight={48}
      showLabel={t('admin.auditLog.more')}
      hideLabel={t('admin.auditLog.less')}
    >
      <Text size="xs" fw={600}>
        {t('admin.auditLog.before')}
      </Text>
      <Code block>{showJson(before)}</Code>
      <Text size="xs" fw={600}>
        {t('admin.auditLog.after')}
      </Text>
      <Code block>{showJson(after)}</Code>
    </Spoiler>
  )
}
