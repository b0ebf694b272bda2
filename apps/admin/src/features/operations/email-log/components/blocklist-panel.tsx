import { Alert, Button, Group, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FilterPanel, SearchInput } from '../../../../components/list-parts.tsx'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { useFormats } from '../../../../components/use-formats.ts'
import {
  addToBlocklist,
  emailLogKeys,
  removeFromBlocklist,
  useBlocklist,
} from '../api/email-log-api.ts'

/** Addresses that never receive mail: add one (with a reason), search, remove. */
export function BlocklistPanel() {
  const { t } = useTranslation()
  const format = useFormats()
  const queryClient = useQueryClient()
  const [filter, setFilter] = useState('')
  const [address, setAddress] = useState('')
  const [reason, setReason] = useState('')
  const list = useBlocklist(filter)
  const refresh = async () => queryClient.invalidateQueries({ queryKey: emailLogKeys.all })
  const add = useMutation({
    mutationFn: addToBlocklist,
    onSuccess: async () => {
      setAddress('')
      setReason('')
      await refresh()
    },
  })
  const remove = useMutation({ mutationFn: removeFromBlocklist, onSuccess: refresh })
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    add.mutate({ address, reason: reason.trim() === '' ? null : reason })
  }
  return (
    <Stack gap="md">
      <FilterPanel label={t('emailLog.blocklist.add')}>
        <form onSubmit={submit}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="email"
              label={t('emailLog.blocklist.address')}
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              required
              style={{ flex: '1 1 14rem' }}
            />
            <TextInput
              label={t('emailLog.blocklist.reason')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={add.isPending}>
              {t('emailLog.blocklist.add')}
            </Button>
          </Group>
        </form>
      </FilterPanel>
      <RequestErrorAlert error={add.error ?? remove.error} />
      {add.isSuccess && (
        <Alert role="status" color="green">
          {t('emailLog.blocklist.added')}
        </Alert>
      )}
      <SearchInput
        label={t('emailLog.blocklist.search')}
        placeholder={t('emailLog.blocklist.search')}
        initial=""
        onSearch={(text) => setFilter(text.trim())}
      />
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder aria-label={t('emailLog.tab.blocklist')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('emailLog.blocklist.address')}</Table.Th>
                <Table.Th>{t('emailLog.blocklist.reason')}</Table.Th>
                <Table.Th>{t('emailLog.blocklist.since')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4} c="dimmed">
                    {t('emailLog.blocklist.empty')}
                  </Table.Td>
                </Table.Tr>
              )}
              {list.data.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{entry.address}</Table.Td>
                  <Table.Td>{entry.reason ?? ''}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {format.dateTime(entry.createdAt)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={t('emailLog.blocklist.removeAddress', { address: entry.address })}
                      onClick={() => remove.mutate(entry.id)}
                    >
                      {t('emailLog.blocklist.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
