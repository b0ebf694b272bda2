import { Anchor, Select, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import {
  COMPLAINT_STATES,
  type ComplaintListItem,
} from '@optika/domain/accounts/admin-customers-api'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenLoader } from '../../../../components/screen-loader.tsx'
import { TablePager } from '../../../../components/table-pager.tsx'
import { COMPLAINTS_PAGE_SIZE, useComplaints } from '../api/customers-api.ts'
import { ComplaintStateBadge } from './complaint-state-badge.tsx'

/** Complaints as a table; each opens its detail. */
export function ComplaintsTable({ complaints }: { complaints: readonly ComplaintListItem[] }) {
  const { t, i18n } = useTranslation()
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  if (complaints.length === 0) return <Text c="dimmed">{t('adminCustomers.complaints.empty')}</Text>
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover withTableBorder aria-label={t('page.complaints')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('role.customer')}</Table.Th>
            <Table.Th>{t('order.number')}</Table.Th>
            <Table.Th>{t('adminCustomers.complaint.product')}</Table.Th>
            <Table.Th>{t('order.quantity')}</Table.Th>
            <Table.Th>{t('adminCustomers.field.reason')}</Table.Th>
            <Table.Th>{t('adminCustomers.complaints.state')}</Table.Th>
            <Table.Th>{t('adminCustomers.complaint.createdAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {complaints.map((complaint) => (
            <Table.Tr key={complaint.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/shop-customers/complaints/${complaint.id}`}
                  aria-label={t('adminCustomers.complaint.open', { id: complaint.id })}
                >
                  {complaint.id}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {complaint.customerName}
                <Text size="xs" c="dimmed">
                  {complaint.clientNumber}
                </Text>
              </Table.Td>
              <Table.Td>{complaint.orderNumber}</Table.Td>
              <Table.Td>
                {complaint.productName}
                <Text size="xs" c="dimmed">
                  {complaint.productCode}
                </Text>
              </Table.Td>
              <Table.Td>{complaint.quantity}</Table.Td>
              <Table.Td maw={280}>{complaint.reason}</Table.Td>
              <Table.Td>
                <ComplaintStateBadge state={complaint.state} />
              </Table.Td>
              <Table.Td>{date.format(new Date(complaint.createdAt))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** The complaints queue: oldest first, filtered by state (in the address), paged. */
export function ComplaintsQueue() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const stateParam = params.get('state') ?? ''
  const state = (COMPLAINT_STATES as readonly string[]).includes(stateParam) ? stateParam : ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const list = useComplaints(state, page)
  const update = (next: { state?: string; page?: number }) => {
    const query = new URLSearchParams()
    const nextState = next.state ?? state
    const nextPage = next.page ?? 1
    if (nextState !== '') query.set('state', nextState)
    if (nextPage !== 1) query.set('page', String(nextPage))
    setParams(query, { replace: true })
  }
  return (
    <Stack gap="md">
      <Select
        label={t('adminCustomers.complaints.state')}
        data={[
          { value: '', label: t('adminCustomers.filter.all') },
          ...COMPLAINT_STATES.map((value) => ({
            value,
            label: t(`adminCustomers.complaintState.${value}`),
          })),
        ]}
        value={state}
        onChange={(value) => update({ state: value ?? '' })}
        allowDeselect={false}
        maw={280}
      />
      {list.isPending && <ScreenLoader />}
      <RequestErrorAlert error={list.error} />
      {list.isSuccess && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" role="status">
            {t('adminCustomers.complaints.count', { count: list.data.total })}
          </Text>
          <ComplaintsTable complaints={list.data.items} />
          <TablePager
            total={list.data.total}
            pageSize={COMPLAINTS_PAGE_SIZE}
            page={page}
            onChange={(next) => update({ page: next })}
          />
        </Stack>
      )}
    </Stack>
  )
}
