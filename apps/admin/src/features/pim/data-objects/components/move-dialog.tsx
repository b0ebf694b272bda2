import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { getJson } from '../../../../lib/api-client.ts'
import { SearchPageSchema } from '@optika/domain/pim/element-api'
import { useQuery } from '@tanstack/react-query'

interface MoveDialogProps {
  name: string
  /** The moved element's own full path: it cannot move into itself or below. */
  fullPath: string
  pending: boolean
  error: unknown
  onClose: () => void
  onMove: (parentId: number) => void
}

/** The keyboard way to move an element: find the new parent by name, pick it, move. */
export function MoveDialog({ name, fullPath, pending, error, onClose, onMove }: MoveDialogProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text.trim(), 250)
  const [target, setTarget] = useState<string | null>(null)
  const hits = useQuery({
    queryKey: ['admin', 'objects', 'move-targets', debounced],
    queryFn: async () => {
      const query = new URLSearchParams({ types: 'folder,object', pageSize: '20' })
      if (debounced !== '') query.set('text', debounced)
      return SearchPageSchema.parse(await getJson(`/admin/search/find?${query.toString()}`)).items
    },
  })
  const candidates = (hits.data ?? []).filter(
    (hit) => hit.path !== fullPath && !hit.path.startsWith(`${fullPath}/`),
  )
  return (
    <Modal opened onClose={onClose} title={t('adminPimObjects.move.title', { name })}>
      <Stack gap="md">
        <RequestErrorAlert error={hits.error ?? error} />
        <TextInput
          label={t('adminPimObjects.move.search')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <Radio.Group label={t('adminPimObjects.move.target')} value={target} onChange={setTarget}>
          <Stack gap={4} mt="xs">
            <Radio value="1" label={t('adminPimObjects.tree.root')} />
            {candidates.map((hit) => (
              <Radio key={hit.id} value={String(hit.id)} label={hit.path} />
            ))}
          </Stack>
        </Radio.Group>
        {hits.isSuccess && candidates.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('adminPimObjects.search.none')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            loading={pending}
            disabled={target === null}
            onClick={() => target !== null && onMove(Number(target))}
          >
            {t('adminPimObjects.move.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
