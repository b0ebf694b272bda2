import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScheduleAction } from '@optika/domain/pim/element-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import {
  elementKeys,
  saveSchedule,
  useSchedule,
  type ElementRef,
} from '../../../elements/api/element-api.ts'
import { toIsoWithOffset } from '../model/schedule-date.ts'

const ACTIONS = ['publish', 'unpublish', 'delete'] as const satisfies readonly ScheduleAction[]

/** Pending and done scheduled tasks; add a publish or unpublish at a date, cancel a pending one. */
export function ScheduleTab({ element, readOnly }: { element: ElementRef; readOnly: boolean }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const schedule = useSchedule(element)
  const [action, setAction] = useState<ScheduleAction>('publish')
  const [date, setDate] = useState('')
  const pending = (schedule.data ?? []).filter((task) => task.doneAt === null)
  const save = useMutation({
    mutationFn: (tasks: Parameters<typeof saveSchedule>[1]) => saveSchedule(element, tasks),
    onSuccess: async () => {
      setDate('')
      await queryClient.invalidateQueries({ queryKey: elementKeys.schedule(element) })
    },
  })
  const keep = pending.map((task) => ({
    action: task.action,
    versionId: task.versionId,
    date: task.date,
    active: task.active,
  }))
  const iso = toIsoWithOffset(date)
  const actionLabel = (value: ScheduleAction) =>
    value === 'publish-version'
      ? t('adminPimObjects.schedule.action.publishVersion')
      : t(`adminPimObjects.schedule.action.${value}`)
  return (
    <Stack gap="md">
      <RequestErrorAlert error={schedule.error ?? save.error} />
      {!readOnly && (
        <Group align="flex-end" gap="xs">
          <Select
            label={t('adminPimObjects.schedule.actionLabel')}
            data={ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
            value={action}
            allowDeselect={false}
            onChange={(value) => value !== null && setAction(value)}
          />
          <TextInput
            label={t('adminPimObjects.schedule.date')}
            type="datetime-local"
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <Button
            disabled={iso === null}
            loading={save.isPending}
            onClick={() =>
              iso !== null &&
              save.mutate([...keep, { action, versionId: null, date: iso, active: true }])
            }
          >
            {t('adminPimObjects.schedule.add')}
          </Button>
        </Group>
      )}
      {(schedule.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adminPimObjects.schedule.none')}
        </Text>
      ) : (
        <Table aria-label={t('adminPimObjects.tab.schedule')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPimObjects.schedule.actionLabel')}</Table.Th>
              <Table.Th>{t('adminPimObjects.schedule.date')}</Table.Th>
              <Table.Th>{t('adminPimObjects.schedule.state')}</Table.Th>
              <Table.Th>{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(schedule.data ?? []).map((task) => (
              <Table.Tr key={task.id}>
                <Table.Td>{actionLabel(task.action)}</Table.Td>
                <Table.Td>{new Date(task.date).toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  {task.doneAt === null
                    ? t('adminPimObjects.schedule.pending')
                    : t('adminPimObjects.schedule.done')}
                </Table.Td>
                <Table.Td>
                  {!readOnly && task.doneAt === null && (
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('adminPimObjects.list.remove', {
                        name: actionLabel(task.action),
                      })}
                      onClick={() =>
                        save.mutate(keep.filter((_, at) => pending[at]?.id !== task.id))
                      }
                    >
                      ×
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}
