import { Alert, Button, Checkbox, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  BatchAssignmentJobsSchema,
  BatchAssignmentResultSchema,
} from '@optika/domain/pim/element-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { getJson, sendJson } from '../../../../lib/api-client.ts'
import type { ElementRef } from '../../api/element-api.ts'

/**
 * Gives everything beneath an element that the user may edit the element's own tags (Pimcore's
 * batch assignment): the server lists the elements in chunks, each chunk is one transaction.
 */
export function BatchAssignTags({
  element,
  tagIds,
}: {
  element: ElementRef
  tagIds: readonly number[]
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [removeOther, setRemoveOther] = useState(false)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const run = useMutation({
    mutationFn: async () => {
      const query = `elementType=${element.elementType}&elementId=${element.elementId}`
      const { jobs, total } = BatchAssignmentJobsSchema.parse(
        await getJson(`/admin/tags/get-batch-assignment-jobs?${query}`),
      )
      let done = 0
      setProgress({ done, total })
      for (const elementIds of jobs) {
        const result = BatchAssignmentResultSchema.parse(
          await sendJson('PUT', '/admin/tags/do-batch-assignment', {
            elementType: element.elementType,
            elementIds,
            tagIds,
            removeOther,
          }),
        )
        done += result.assigned
        setProgress({ done, total })
      }
      return total
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="tags-batch">
      <Stack gap="xs">
        <Title order={3} size="h6" id="tags-batch">
          {t('tagManager.batch.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('tagManager.batch.note')}
        </Text>
        <Group gap="md" wrap="wrap">
          <Checkbox
            label={t('tagManager.batch.replace')}
            checked={removeOther}
            onChange={(event) => setRemoveOther(event.currentTarget.checked)}
          />
          <Button
            size="compact-sm"
            variant="light"
            loading={run.isPending}
            disabled={tagIds.length === 0}
            onClick={() => run.mutate()}
          >
            {t('tagManager.assign')}
          </Button>
        </Group>
        {run.isPending && progress && progress.total > 0 && (
          <Progress
            value={(progress.done / progress.total) * 100}
            aria-label={t('tagManager.batch.progress', progress)}
          />
        )}
        <RequestErrorAlert error={run.error} />
        {run.isSuccess && (
          <Alert role="status" color={run.data === 0 ? 'gray' : 'green'}>
            {run.data === 0
              ? t('tagManager.batch.nothing')
              : t('tagManager.batch.done', { count: run.data })}
          </Alert>
        )}
      </Stack>
    </Paper>
  )
}
