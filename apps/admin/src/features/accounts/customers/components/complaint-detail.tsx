import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { ComplaintDetail, ComplaintState } from '@optika/domain/accounts/admin-customers-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import {
  changeComplaintState,
  customersKeys,
  replyToComplaint,
  useComplaint,
} from '../api/customers-api.ts'
import { ComplaintStateBadge } from './complaint-state-badge.tsx'

/** /admin/shop-customers/complaints/{id} — a complaint, its conversation and photos; state and reply. */
export function ComplaintDetailScreen() {
  const { t, i18n } = useTranslation()
  const id = Number(useParams().id)
  const complaint = useComplaint(id)
  const queryClient = useQueryClient()
  const [reply, setReply] = useState('')
  const [changedTo, setChangedTo] = useState<ComplaintState | null>(null)
  const update = (detail: ComplaintDetail) => {
    queryClient.setQueryData(customersKeys.complaint(id), detail)
    void queryClient.invalidateQueries({ queryKey: customersKeys.all })
  }
  const move = useMutation({
    mutationFn: (state: ComplaintState) => changeComplaintState(id, state),
    onSuccess: (detail) => {
      update(detail)
      setChangedTo(detail.state)
    },
  })
  const send = useMutation({
    mutationFn: () => replyToComplaint(id, reply),
    onSuccess: (detail) => {
      update(detail)
      setReply('')
    },
  })
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <Stack gap="xl">
      <Anchor component={Link} to="/shop-customers/complaints" size="sm">
        {t('adminCustomers.back')}
      </Anchor>
      {complaint.isPending && <ScreenLoader />}
      <RequestErrorAlert error={complaint.error} />
      {complaint.isSuccess && (
        <>
          <Group justify="space-between" align="flex-start">
            <ScreenHeader
              title={t('adminCustomers.complaint.title', { id: complaint.data.id })}
              description={`${complaint.data.customerName} · ${complaint.data.clientNumber}`}
            />
            <ComplaintStateBadge state={complaint.data.state} />
          </Group>
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" style={{ margin: 0 }}>
              {(
                [
                  [t('order.number'), complaint.data.orderNumber],
                  [
                    t('adminCustomers.complaint.product'),
                    `${complaint.data.productName} (${complaint.data.productCode})`,
                  ],
                  [t('order.quantity'), String(complaint.data.quantity)],
                  [t('adminCustomers.field.reason'), complaint.data.reason],
                  [t('customer.email'), complaint.data.customerEmail],
                  [
                    t('adminCustomers.complaint.createdAt'),
                    dateTime.format(new Date(complaint.data.createdAt)),
                  ],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" m={0}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
          <Stack gap="xs">
            {complaint.data.nextStates.length === 0 ? (
              <Text c="dimmed">{t('adminCustomers.complaint.final')}</Text>
            ) : (
              <Group>
                {complaint.data.nextStates.map((state) => (
                  <Button
                    key={state}
                    variant={state === 'rejected' ? 'default' : 'filled'}
                    color={state === 'rejected' ? 'red' : undefined}
                    loading={move.isPending && move.variables === state}
                    onClick={() => move.mutate(state)}
                  >
                    {t(`adminCustomers.complaint.setState.${state}`)}
                  </Button>
                ))}
              </Group>
            )}
            <RequestErrorAlert error={move.error} />
            {changedTo !== null && (
              <Alert color="green" role="status">
                {t('adminCustomers.complaint.stateChanged', {
                  state: t(`adminCustomers.complaintState.${changedTo}`),
                })}
              </Alert>
            )}
          </Stack>
          {complaint.data.photos.length > 0 && (
            <Stack gap="sm" component="section" aria-labelledby="complaint-photos">
              <Title order={2} size="h4" id="complaint-photos">
                {t('adminCustomers.complaint.photos')}
              </Title>
              <SimpleGrid cols={{ base: 2, md: 4 }}>
                {complaint.data.photos.map((photo, index) => (
                  <Anchor key={photo.id} href={photo.url} target="_blank" rel="noopener">
                    <Image
                      src={photo.url}
                      radius="md"
                      alt={t('adminCustomers.complaint.photoAlt', { n: index + 1 })}
                    />
                  </Anchor>
                ))}
              </SimpleGrid>
            </Stack>
          )}
          <Stack gap="sm" component="section" aria-labelledby="complaint-messages">
            <Title order={2} size="h4" id="complaint-messages">
              {t('adminCustomers.complaint.messages')}
            </Title>
            {complaint.data.messages.length === 0 && (
              <Text c="dimmed">{t('adminCustomers.complaint.noMessages')}</Text>
            )}
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {complaint.data.messages.map((message) => (
                <Paper
                  key={message.id}
                  component="li"
                  withBorder
                  radius="md"
                  p="sm"
                  bg={message.author === 'staff' ? 'var(--mantine-color-blue-light)' : undefined}
                >
                  <Text size="xs" c="dimmed">
                    {t(`adminCustomers.complaint.author.${message.author}`)} ·{' '}
                    {dateTime.format(new Date(message.createdAt))}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-line' }}>{message.text}</Text>
                </Paper>
              ))}
            </Stack>
            <form
              onSubmit={(event) => {
                event.preventDefault()
                send.mutate()
              }}
            >
              <Stack gap="xs">
                <Textarea
                  label={t('adminCustomers.complaint.reply')}
                  value={reply}
                  onChange={(event) => setReply(event.currentTarget.value)}
                  autosize
                  minRows={3}
                  required
                />
                <RequestErrorAlert error={send.error} />
                {send.isSuccess && (
                  <Text size="sm" c="green" role="status">
                    {t('adminCustomers.complaint.replySent')}
                  </Text>
                )}
                <Group>
                  <Button type="submit" loading={send.isPending} disabled={reply.trim() === ''}>
                    {t('adminCustomers.complaint.sendReply')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stack>
        </>
      )}
    </Stack>
  )
}
