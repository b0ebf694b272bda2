import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Code,
  FileButton,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import {
  buyerKindKey,
  paymentKindKey,
  type AdminOrderDetail,
  type OrderAddress,
} from '@optika/domain/commerce/admin-orders-api'
import type { OrderStatus } from '@optika/domain/commerce/order-status'
import { isLocale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../../components/screen-header.tsx'
import { DetailFrame } from '../../../../components/detail-frame.tsx'
import { languageName } from '../../../../lib/i18n/language-name.ts'
import {
  changeStatus,
  deleteAttachment,
  ordersKeys,
  recordShipment,
  saveNote,
  uploadAttachment,
  useOrderDetail,
} from '../api/orders-api.ts'
import { countryLabelKey, orderStatusLabelKey } from '../model/order-labels.ts'
import { useFormats } from '../../../../components/use-formats.ts'
import { DescriptionFields } from '../../../../components/description-fields.tsx'
import { OrderStatusBadge } from './order-status-badge.tsx'

type Order = AdminOrderDetail

/** A titled box of the detail; the title labels the region for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

/** Every mutation answers the new detail: put it in the cache, and refresh the lists. */
function useOrderMutation<T>(order: Order, action: (input: T) => Promise<Order>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: action,
    onSuccess: (detail) => {
      queryClient.setQueryData(ordersKeys.detail(order.id), detail)
      void queryClient.invalidateQueries({ queryKey: [...ordersKeys.all, 'list'] })
    },
  })
}

/** The moves the state machine allows now, one button each; cancelling asks first. */
function StatusActions({ order }: { order: Order }) {
  const { t } = useTranslation()
  const [note, setNote] = useState('')
  const [confirmCancel, setConfirmCancel] = useState(false)
  const move = useOrderMutation(order, (status: OrderStatus) =>
    changeStatus(order.id, { status, note }),
  )
  const run = (status: OrderStatus) =>
    move.mutate(status, {
      onSuccess: () => {
        setNote('')
        setConfirmCancel(false)
      },
    })
  if (order.allowedStatuses.length === 0) {
    return <Text c="dimmed">{t('admin.orders.noTransitions')}</Text>
  }
  return (
    <Stack gap="sm">
      <Textarea
        label={t('admin.orders.transitionNote')}
        value={note}
        maxLength={1000}
        autosize
        minRows={1}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group>
        {order.allowedStatuses.map((status) => (
          <Button
            key={status}
            color={status === 'cancelled' ? 'red' : undefined}
            variant={status === 'cancelled' ? 'outline' : 'filled'}
            loading={move.isPending && move.variables === status}
            disabled={move.isPending}
            onClick={() => (status === 'cancelled' ? setConfirmCancel(true) : run(status))}
          >
            {t('admin.orders.move', { status: t(orderStatusLabelKey(status)) })}
          </Button>
        ))}
      </Group>
      <RequestErrorAlert error={move.error} />
      {move.isSuccess && move.data.status === order.status && (
        <Alert color="green" role="status">
          {t('admin.orders.statusChanged', { status: t(orderStatusLabelKey(move.data.status)) })}
        </Alert>
      )}
      <Modal
        opened={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={t('admin.orders.cancelTitle', { number: order.number })}
      >
        <Stack gap="md">
          <Text>{t('admin.orders.cancelText')}</Text>
          <RequestErrorAlert error={move.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              {t('admin.orders.cancelKeep')}
            </Button>
            <Button color="red" loading={move.isPending} onClick={() => run('cancelled')}>
              {t('admin.orders.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

/** The items with reserved and shipped pieces; while shippable, a "ship now" count per item. */
function ItemsSection({ order }: { order: Order }) {
  const { t } = useTranslation()
  const format = useFormats()
  const [counts, setCounts] = useState<Record<number, number>>({})
  const [empty, setEmpty] = useState(false)
  const ship = useOrderMutation(order, (items: { itemId: number; quantity: number }[]) =>
    recordShipment(order.id, { items }),
  )
  const money = (amount: number) => format.money(amount, order.currency)
  const submit = () => {
    const items = Object.entries(counts)
      .filter(([, quantity]) => quantity > 0)
      .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }))
    setEmpty(items.length === 0)
    if (items.length > 0) ship.mutate(items, { onSuccess: () => setCounts({}) })
  }
  return (
    <Section id="order-items" title={t('order.items')}>
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder aria-labelledby="order-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('product.code')}</Table.Th>
              <Table.Th>{t('product.name')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('order.quantity')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('order.priceWithoutVat')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('order.priceWithVat')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('order.total')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('admin.orders.field.reserved')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('admin.orders.field.shipped')}</Table.Th>
              {order.canShip && <Table.Th>{t('admin.orders.field.shipNow')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item) => {
              const left = item.quantity - item.shippedQuantity
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Code>{item.code}</Code>
                  </Table.Td>
                  <Table.Td>
                    {item.name}
                    {item.sparePart && (
                      <Text size="xs" c="dimmed">
                        {t('admin.orders.field.sparePart')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{item.quantity}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{money(item.unitPriceNet)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{money(item.unitPriceGross)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{money(item.lineGross)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{item.reservedQuantity}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{item.shippedQuantity}</Table.Td>
                  {order.canShip && (
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t('admin.orders.field.shipNow')}: ${item.name}`}
                        min={0}
                        max={left}
                        step={1}
                        allowDecimal={false}
                        allowNegative={false}
                        disabled={left === 0}
                        value={counts[item.id] ?? 0}
                        onChange={(value) =>
                          setCounts({ ...counts, [item.id]: typeof value === 'number' ? value : 0 })
                        }
                        w={110}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {order.canShip && (
        <Stack gap="xs" component="section" aria-labelledby="order-shipment">
          <Title order={3} size="h5" id="order-shipment">
            {t('admin.orders.section.shipment')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.orders.shipment.hint')}
          </Text>
          <Group>
            <Button onClick={submit} loading={ship.isPending}>
              {t('admin.orders.shipment.submit')}
            </Button>
          </Group>
          {empty && (
            <Alert color="yellow" role="alert">
              {t('admin.orders.shipment.nothing')}
            </Alert>
          )}
          <RequestErrorAlert error={ship.error} />
        </Stack>
      )}
      {ship.isSuccess && ship.data.updatedAt === order.updatedAt && (
        <Alert color="green" role="status">
          {t('admin.orders.shipment.recorded')}
        </Alert>
      )}
    </Section>
  )
}

function TotalsSection({ order }: { order: Order }) {
  const { t } = useTranslation()
  const format = useFormats()
  const money = (amount: number) => format.money(amount, order.currency)
  const rows: [string, string, string][] = [
    [t('order.catalogPriceSum'), money(order.catalogSumNet), ''],
    [t('admin.orders.field.itemsPrice'), money(order.itemsNet), money(order.itemsGross)],
    [
      order.couponCode
        ? `${t('admin.orders.field.discountGross')} (${order.couponCode})`
        : t('admin.orders.field.discountGross'),
      money(order.discountNet === 0 ? 0 : -order.discountNet),
      money(order.discountGross === 0 ? 0 : -order.discountGross),
    ],
    [
      `${t('order.deliveryPrice')} · ${order.shippingName}`,
      money(order.shippingNet),
      money(order.shippingGross),
    ],
    [
      `${t('order.paymentFee')} · ${order.paymentName}`,
      money(order.paymentFeeNet),
      money(order.paymentFeeGross),
    ],
  ]
  return (
    <Section id="order-totals" title={t('admin.orders.section.totals')}>
      <Table withTableBorder aria-labelledby="order-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>{t('admin.orders.section.totals')}</VisuallyHidden>
            </Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('order.priceWithoutVat')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('order.priceWithVat')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, net, gross]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td style={{ textAlign: 'right' }}>{net}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{gross}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t('order.finalPrice')}</Table.Th>
            <Table.Td style={{ textAlign: 'right' }} fw={700}>
              {money(order.totalNet)}
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }} fw={700}>
              {money(order.totalGross)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <DescriptionFields
        rows={[
          [t('order.originalCurrency'), order.currency],
          [t('admin.orders.field.vatPercent'), `${order.vatPercent} %`],
        ]}
      />
    </Section>
  )
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  const { t } = useTranslation()
  const countryKey = countryLabelKey(address.country)
  const lines = [
    address.name,
    address.company,
    address.street,
    `${address.postcode} ${address.city}`.trim(),
    address.region,
    countryKey === null ? address.country : t(countryKey),
    address.tin ? `${t('customer.tin')}: ${address.tin}` : '',
    address.vatId ? `${t('customer.vatId')}: ${address.vatId}` : '',
  ].filter((line) => line !== '')
  return (
    <div>
      <Text fw={600}>{title}</Text>
      <Text component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
        {lines.length === 0 ? '—' : lines.join('\n')}
      </Text>
    </div>
  )
}

function BuyerSection({ order }: { order: Order }) {
  const { t } = useTranslation()
  const differs = Object.values(order.deliveryAddress).some((value) => value !== '')
  return (
    <Section id="order-buyer" title={t('admin.orders.section.buyer')}>
      <DescriptionFields
        rows={[
          [
            t('customer.fullName'),
            order.customerId === null ? (
              order.name
            ) : (
              <Anchor component={Link} to={`/shop-customers/${order.customerId}`}>
                {order.name}
              </Anchor>
            ),
          ],
          [t('customer.email'), order.email],
          [t('customer.phone'), order.phone],
          [t('customer.clientNumber'), order.clientNumber],
          [t('admin.orders.field.buyerKind'), t(buyerKindKey(order.buyerKind))],
          [
            t('admin.orders.field.language'),
            isLocale(order.locale) ? languageName(order.locale) : order.locale,
          ],
          [t('admin.orders.field.shipping'), order.shippingName],
          [
            t('admin.orders.field.paymentKind'),
            `${t(paymentKindKey(order.paymentKind))}${order.paymentName ? ` · ${order.paymentName}` : ''}`,
          ],
          [
            t('admin.orders.field.maturity'),
            order.maturityDays === null ? null : String(order.maturityDays),
          ],
          [t('order.coupon'), order.couponCode],
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AddressBlock title={t('customer.billingAddress')} address={order.billingAddress} />
        <AddressBlock
          title={t('customer.deliveryAddress')}
          address={differs ? order.deliveryAddress : order.billingAddress}
        />
      </SimpleGrid>
      <div>
        <Text fw={600}>{t('order.comment')}</Text>
        <Text style={{ whiteSpace: 'pre-line' }}>{order.comment || '—'}</Text>
      </div>
    </Section>
  )
}

function NoteSection({ order }: { order: Order }) {
  const { t } = useTranslation()
  const [note, setNote] = useState(order.note)
  const save = useOrderMutation(order, (value: string) => saveNote(order.id, value))
  return (
    <Section id="order-note" title={t('order.note')}>
      <Textarea
        label={t('order.note')}
        description={t('admin.orders.note.hint')}
        value={note}
        maxLength={5000}
        autosize
        minRows={3}
        onChange={(event) => {
          setNote(event.currentTarget.value)
          save.reset()
        }}
      />
      <Group>
        <Button
          onClick={() => save.mutate(note)}
          loading={save.isPending}
          disabled={note === order.note}
        >
          {t('admin.common.save')}
        </Button>
        {save.isSuccess && (
          <Text size="sm" c="green" role="status">
            {t('admin.common.saved')}
          </Text>
        )}
      </Group>
      <RequestErrorAlert error={save.error} />
    </Section>
  )
}

function AttachmentsSection({ order }: { order: Order }) {
  const { t } = useTranslation()
  const format = useFormats()
  const [deleting, setDeleting] = useState<Order['attachments'][number] | null>(null)
  const add = useOrderMutation(order, (file: File) => uploadAttachment(order.id, file))
  const remove = useOrderMutation(order, (attachmentId: number) =>
    deleteAttachment(order.id, attachmentId),
  )
  return (
    <Section id="order-attachments" title={t('order.attachments')}>
      {order.attachments.length === 0 ? (
        <Text c="dimmed">{t('admin.orders.attachments.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {order.attachments.map((attachment) => (
            <Group key={attachment.id} component="li" gap="sm" wrap="nowrap">
              <Anchor href={attachment.url} download={attachment.fileName}>
                {attachment.fileName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {Math.ceil(attachment.size / 1024)} kB · {format.dateTime(attachment.createdAt)}
                {attachment.uploadedBy ? ` · ${attachment.uploadedBy}` : ''}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('admin.orders.attachments.delete', { name: attachment.fileName })}
                onClick={() => setDeleting(attachment)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Group>
        <FileButton
          accept="application/pdf,image/jpeg,image/png,image/webp"
          onChange={(file) => {
            if (file) add.mutate(file)
          }}
        >
          {(props) => (
            <Button variant="default" loading={add.isPending} {...props}>
              {t('admin.orders.attachments.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('admin.orders.attachments.hint')}
        </Text>
      </Group>
      <RequestErrorAlert error={add.error ?? remove.error} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('admin.orders.attachments.delete', { name: deleting?.fileName ?? '' })}
      >
        <Stack gap="md">
          <Text>
            {t('admin.orders.attachments.deleteConfirm', { name: deleting?.fileName ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('admin.common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
              }
            >
              {t('admin.common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  )
}

function HistorySection({ order }: { order: Order }) {
  const { t } = useTranslation()
  const format = useFormats()
  return (
    <Section id="order-history" title={t('admin.orders.section.history')}>
      {order.statusHistory.length === 0 ? (
        <Text c="dimmed">{t('admin.orders.history.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder aria-labelledby="order-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminCustomers.history.at')}</Table.Th>
                <Table.Th>{t('adminCustomers.history.actor')}</Table.Th>
                <Table.Th>{t('admin.orders.history.change')}</Table.Th>
                <Table.Th>{t('order.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.statusHistory.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.adminName ?? t('admin.orders.history.shop')}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {entry.fromStatus !== null && (
                        <>
                          <OrderStatusBadge status={entry.fromStatus} />
                          <span aria-hidden="true">→</span>
                        </>
                      )}
                      <OrderStatusBadge status={entry.toStatus} />
                    </Group>
                  </Table.Td>
                  <Table.Td>{entry.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  )
}

function showJson(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)
}

/**
 * An audit entry's before/after, folded in a native disclosure (the shared AuditChange uses
 * Spoiler regions, which repeat one landmark per row in a table this long).
 */
function AuditDetails({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation()
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>{t('admin.auditLog.more')}</summary>
      <Text size="xs" fw={600} mt="xs">
        {t('admin.auditLog.before')}
      </Text>
      <Code block>{showJson(before)}</Code>
      <Text size="xs" fw={600} mt="xs">
        {t('admin.auditLog.after')}
      </Text>
      <Code block>{showJson(after)}</Code>
    </details>
  )
}

function AuditSection({ order }: { order: Order }) {
  const { t } = useTranslation()
  const format = useFormats()
  return (
    <Section id="order-audit" title={t('admin.orders.section.audit')}>
      {order.audit.length === 0 ? (
        <Text c="dimmed">{t('admin.orders.audit.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped withTableBorder aria-labelledby="order-audit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.auditLog.at')}</Table.Th>
                <Table.Th>{t('admin.auditLog.actor')}</Table.Th>
                <Table.Th>{t('admin.auditLog.action')}</Table.Th>
                <Table.Th>{t('admin.auditLog.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.audit.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.actorName ?? t('admin.auditLog.system')}</Table.Td>
                  <Table.Td>
                    <Code>{entry.action}</Code>
                  </Table.Td>
                  <Table.Td maw={420}>
                    <AuditDetails before={entry.before} after={entry.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  )
}

/** /admin/shop-orders/{id} — one order: status moves, items and shipments, totals, note, files, history. */
export function OrderDetailScreen() {
  const { t } = useTranslation()
  const format = useFormats()
  const id = Number(useParams().id)
  const detail = useOrderDetail(id)
  return (
    <DetailFrame backTo="/shop-orders" backLabel={t('admin.orders.back')} query={detail}>
      {(order) => (
        <>
          <Group justify="space-between" align="flex-start">
            <ScreenHeader
              title={`${t('order.number')} ${order.number}`}
              description={`${t('admin.orders.field.placedAt')} ${format.dateTime(order.createdAt)} · ${order.name}`}
            />
            <OrderStatusBadge status={order.status} size="lg" />
          </Group>
          <Section id="order-transitions" title={t('admin.orders.transitions')}>
            <StatusActions order={order} />
          </Section>
          <ItemsSection order={order} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <BuyerSection order={order} />
            <TotalsSection order={order} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <NoteSection order={order} />
            <AttachmentsSection order={order} />
          </SimpleGrid>
          <HistorySection order={order} />
          <AuditSection order={order} />
        </>
      )}
    </DetailFrame>
  )
}
