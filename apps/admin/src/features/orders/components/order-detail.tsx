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
import { Link, useParams } from 'react-router'
import {
  buyerKindKey,
  paymentKindKey,
  type AdminOrderDetail,
  type OrderAddress,
} from '@optika/domain/commerce/admin-orders-api'
import { orderStatusKey, type OrderStatus } from '@optika/domain/commerce/order-status'
import { isLocale } from '@optika/i18n/locales'
import { RequestErrorAlert } from '../../../components/request-error-alert.tsx'
import { ScreenHeader } from '../../../components/screen-header.tsx'
import { ScreenLoader } from '../../../components/screen-loader.tsx'
import { languageName } from '../../../lib/i18n/language-name.ts'
import {
  changeStatus,
  deleteAttachment,
  ordersKeys,
  recordShipment,
  saveNote,
  uploadAttachment,
  useOrderDetail,
} from '../api/orders-api.ts'
import { useOrderFormats } from '../model/use-order-formats.ts'
import { useOrdersText } from '../model/use-orders-text.ts'
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

/** Label/value pairs as a description list. */
function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value === null || value === '' ? '—' : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
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
  const text = useOrdersText()
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
    return <Text c="dimmed">{text('admin.orders.noTransitions')}</Text>
  }
  return (
    <Stack gap="sm">
      <Textarea
        label={text('admin.orders.transitionNote')}
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
            {text('admin.orders.move', { status: text(orderStatusKey(status)) })}
          </Button>
        ))}
      </Group>
      <RequestErrorAlert error={move.error} />
      {move.isSuccess && move.data.status === order.status && (
        <Alert color="green" role="status">
          {text('admin.orders.statusChanged', { status: text(orderStatusKey(move.data.status)) })}
        </Alert>
      )}
      <Modal
        opened={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={text('admin.orders.cancelTitle', { number: order.number })}
      >
        <Stack gap="md">
          <Text>{text('admin.orders.cancelText')}</Text>
          <RequestErrorAlert error={move.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              {text('admin.orders.cancelKeep')}
            </Button>
            <Button color="red" loading={move.isPending} onClick={() => run('cancelled')}>
              {text('admin.orders.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

/** The items with reserved and shipped pieces; while shippable, a "ship now" count per item. */
function ItemsSection({ order }: { order: Order }) {
  const text = useOrdersText()
  const format = useOrderFormats()
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
    <Section id="order-items" title={text('order.items')}>
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder aria-labelledby="order-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text('product.code')}</Table.Th>
              <Table.Th>{text('product.name')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{text('order.quantity')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{text('order.priceWithoutVat')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{text('order.priceWithVat')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{text('order.total')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                {text('admin.orders.field.reserved')}
              </Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>
                {text('admin.orders.field.shipped')}
              </Table.Th>
              {order.canShip && <Table.Th>{text('admin.orders.field.shipNow')}</Table.Th>}
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
                        {text('admin.orders.field.sparePart')}
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
                        aria-label={`${text('admin.orders.field.shipNow')}: ${item.name}`}
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
            {text('admin.orders.section.shipment')}
          </Title>
          <Text size="sm" c="dimmed">
            {text('admin.orders.shipment.hint')}
          </Text>
          <Group>
            <Button onClick={submit} loading={ship.isPending}>
              {text('admin.orders.shipment.submit')}
            </Button>
          </Group>
          {empty && (
            <Alert color="yellow" role="alert">
              {text('admin.orders.shipment.nothing')}
            </Alert>
          )}
          <RequestErrorAlert error={ship.error} />
        </Stack>
      )}
      {ship.isSuccess && ship.data.updatedAt === order.updatedAt && (
        <Alert color="green" role="status">
          {text('admin.orders.shipment.recorded')}
        </Alert>
      )}
    </Section>
  )
}

function TotalsSection({ order }: { order: Order }) {
  const text = useOrdersText()
  const format = useOrderFormats()
  const money = (amount: number) => format.money(amount, order.currency)
  const rows: [string, string, string][] = [
    [text('order.catalogPriceSum'), money(order.catalogSumNet), ''],
    [text('admin.orders.field.itemsPrice'), money(order.itemsNet), money(order.itemsGross)],
    [
      order.couponCode
        ? `${text('admin.orders.field.discountGross')} (${order.couponCode})`
        : text('admin.orders.field.discountGross'),
      money(order.discountNet === 0 ? 0 : -order.discountNet),
      money(order.discountGross === 0 ? 0 : -order.discountGross),
    ],
    [
      `${text('order.deliveryPrice')} · ${order.shippingName}`,
      money(order.shippingNet),
      money(order.shippingGross),
    ],
    [
      `${text('order.paymentFee')} · ${order.paymentName}`,
      money(order.paymentFeeNet),
      money(order.paymentFeeGross),
    ],
  ]
  return (
    <Section id="order-totals" title={text('admin.orders.section.totals')}>
      <Table withTableBorder aria-labelledby="order-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>{text('admin.orders.section.totals')}</VisuallyHidden>
            </Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{text('order.priceWithoutVat')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{text('order.priceWithVat')}</Table.Th>
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
            <Table.Th scope="row">{text('order.finalPrice')}</Table.Th>
            <Table.Td style={{ textAlign: 'right' }} fw={700}>
              {money(order.totalNet)}
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }} fw={700}>
              {money(order.totalGross)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Fields
        rows={[
          [text('order.originalCurrency'), order.currency],
          [text('admin.orders.field.vatPercent'), `${order.vatPercent} %`],
        ]}
      />
    </Section>
  )
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  const text = useOrdersText()
  const lines = [
    address.name,
    address.company,
    address.street,
    `${address.postcode} ${address.city}`.trim(),
    address.region,
    address.country ? text(`country.${address.country}`) : '',
    address.tin ? `${text('customer.tin')}: ${address.tin}` : '',
    address.vatId ? `${text('customer.vatId')}: ${address.vatId}` : '',
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
  const text = useOrdersText()
  const differs = Object.values(order.deliveryAddress).some((value) => value !== '')
  return (
    <Section id="order-buyer" title={text('admin.orders.section.buyer')}>
      <Fields
        rows={[
          [
            text('customer.fullName'),
            order.customerId === null ? (
              order.name
            ) : (
              <Anchor component={Link} to={`/shop-customers/${order.customerId}`}>
                {order.name}
              </Anchor>
            ),
          ],
          [text('customer.email'), order.email],
          [text('customer.phone'), order.phone],
          [text('customer.clientNumber'), order.clientNumber],
          [text('admin.orders.field.buyerKind'), text(buyerKindKey(order.buyerKind))],
          [
            text('admin.orders.field.language'),
            isLocale(order.locale) ? languageName(order.locale) : order.locale,
          ],
          [text('admin.orders.field.shipping'), order.shippingName],
          [
            text('admin.orders.field.paymentKind'),
            `${text(paymentKindKey(order.paymentKind))}${order.paymentName ? ` · ${order.paymentName}` : ''}`,
          ],
          [
            text('admin.orders.field.maturity'),
            order.maturityDays === null ? null : String(order.maturityDays),
          ],
          [text('order.coupon'), order.couponCode],
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AddressBlock title={text('customer.billingAddress')} address={order.billingAddress} />
        <AddressBlock
          title={text('customer.deliveryAddress')}
          address={differs ? order.deliveryAddress : order.billingAddress}
        />
      </SimpleGrid>
      <div>
        <Text fw={600}>{text('order.comment')}</Text>
        <Text style={{ whiteSpace: 'pre-line' }}>{order.comment || '—'}</Text>
      </div>
    </Section>
  )
}

function NoteSection({ order }: { order: Order }) {
  const text = useOrdersText()
  const [note, setNote] = useState(order.note)
  const save = useOrderMutation(order, (value: string) => saveNote(order.id, value))
  return (
    <Section id="order-note" title={text('order.note')}>
      <Textarea
        label={text('order.note')}
        description={text('admin.orders.note.hint')}
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
          {text('admin.common.save')}
        </Button>
        {save.isSuccess && (
          <Text size="sm" c="green" role="status">
            {text('admin.common.saved')}
          </Text>
        )}
      </Group>
      <RequestErrorAlert error={save.error} />
    </Section>
  )
}

function AttachmentsSection({ order }: { order: Order }) {
  const text = useOrdersText()
  const format = useOrderFormats()
  const [deleting, setDeleting] = useState<Order['attachments'][number] | null>(null)
  const add = useOrderMutation(order, (file: File) => uploadAttachment(order.id, file))
  const remove = useOrderMutation(order, (attachmentId: number) =>
    deleteAttachment(order.id, attachmentId),
  )
  return (
    <Section id="order-attachments" title={text('order.attachments')}>
      {order.attachments.length === 0 ? (
        <Text c="dimmed">{text('admin.orders.attachments.empty')}</Text>
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
                aria-label={text('admin.orders.attachments.delete', { name: attachment.fileName })}
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
              {text('admin.orders.attachments.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {text('admin.orders.attachments.hint')}
        </Text>
      </Group>
      <RequestErrorAlert error={add.error ?? remove.error} />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={text('admin.orders.attachments.delete', { name: deleting?.fileName ?? '' })}
      >
        <Stack gap="md">
          <Text>
            {text('admin.orders.attachments.deleteConfirm', { name: deleting?.fileName ?? '' })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {text('admin.common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
              }
            >
              {text('admin.common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  )
}

function HistorySection({ order }: { order: Order }) {
  const text = useOrdersText()
  const format = useOrderFormats()
  return (
    <Section id="order-history" title={text('admin.orders.section.history')}>
      {order.statusHistory.length === 0 ? (
        <Text c="dimmed">{text('admin.orders.history.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder aria-labelledby="order-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text('admin.orders.history.at')}</Table.Th>
                <Table.Th>{text('admin.orders.history.by')}</Table.Th>
                <Table.Th>{text('admin.orders.history.change')}</Table.Th>
                <Table.Th>{text('order.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.statusHistory.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.adminName ?? text('admin.orders.history.shop')}</Table.Td>
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
  const text = useOrdersText()
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>{text('admin.auditLog.more')}</summary>
      <Text size="xs" fw={600} mt="xs">
        {text('admin.auditLog.before')}
      </Text>
      <Code block>{showJson(before)}</Code>
      <Text size="xs" fw={600} mt="xs">
        {text('admin.auditLog.after')}
      </Text>
      <Code block>{showJson(after)}</Code>
    </details>
  )
}

function AuditSection({ order }: { order: Order }) {
  const text = useOrdersText()
  const format = useOrderFormats()
  return (
    <Section id="order-audit" title={text('admin.orders.section.audit')}>
      {order.audit.length === 0 ? (
        <Text c="dimmed">{text('admin.orders.audit.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped withTableBorder aria-labelledby="order-audit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text('admin.auditLog.at')}</Table.Th>
                <Table.Th>{text('admin.auditLog.actor')}</Table.Th>
                <Table.Th>{text('admin.auditLog.action')}</Table.Th>
                <Table.Th>{text('admin.auditLog.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.audit.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.actorName ?? text('admin.auditLog.system')}</Table.Td>
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
  const text = useOrdersText()
  const format = useOrderFormats()
  const id = Number(useParams().id)
  const detail = useOrderDetail(id)
  return (
    <Stack gap="xl">
      <Anchor component={Link} to="/shop-orders" size="sm">
        {text('admin.orders.back')}
      </Anchor>
      {detail.isPending && <ScreenLoader />}
      <RequestErrorAlert error={detail.error} />
      {detail.isSuccess && (
        <>
          <Group justify="space-between" align="flex-start">
            <ScreenHeader
              title={`${text('order.number')} ${detail.data.number}`}
              description={`${text('admin.orders.field.placedAt')} ${format.dateTime(detail.data.createdAt)} · ${detail.data.name}`}
            />
            <OrderStatusBadge status={detail.data.status} size="lg" />
          </Group>
          <Section id="order-transitions" title={text('admin.orders.transitions')}>
            <StatusActions order={detail.data} />
          </Section>
          <ItemsSection order={detail.data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <BuyerSection order={detail.data} />
            <TotalsSection order={detail.data} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <NoteSection order={detail.data} />
            <AttachmentsSection order={detail.data} />
          </SimpleGrid>
          <HistorySection order={detail.data} />
          <AuditSection order={detail.data} />
        </>
      )}
    </Stack>
  )
}
