import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { ComplaintInputSchema, type ComplaintDetail } from '@optika/domain/accounts/partner-api'
import type { OrderDetail, OrderList } from '@optika/domain/accounts/profile-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/complaint-new'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import {
  AccountLayout,
  Loaded,
  Notice,
  PartnerOnlyNotice,
} from '../../features/accounts/account/account-layout.tsx'
import { callApi } from '../../features/accounts/account/api-client.ts'
import { complaintUrl } from '../../features/accounts/account/complaint-links.ts'
import {
  ErrorSummary,
  RequiredNote,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../features/accounts/account/form-fields.tsx'
import { day } from '../../features/accounts/account/format.ts'
import { useApiData } from '../../features/accounts/account/use-api-data.ts'
import { useAccountForm } from '../../features/accounts/account/use-account-form.ts'

export function loader({ request, params, context }: Route.LoaderArgs) {
  return restrictedPageData(
    request,
    context,
    params.locale,
    'partnerComplaintNew',
    'accountPage.complaints.new',
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** A new complaint: choose the order, then the item, how many pieces and why. */
export default function NewComplaint({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { viewer } = loaderData
  const [orderId, setOrderId] = useState('')
  const orders = useApiData<OrderList>(viewer.approvedPartner ? '/api/account/orders' : null)
  return (
    <AccountLayout title={t('accountPage.complaints.new')} viewer={viewer}>
      <Link
        to={generateUrl('partnerComplaints', { locale })}
        className="text-sm font-medium text-brand-700 underline"
      >
        {t('page.complaints')}
      </Link>
      <div className="mt-4">
        {!viewer.approvedPartner ? (
          <PartnerOnlyNotice viewer={viewer} />
        ) : (
          <Loaded data={orders}>
            {({ orders: list }) =>
              list.length === 0 ? (
                <Notice role="status">{t('order.noOrders')}</Notice>
              ) : (
                <div className="space-y-5">
                  <div>
                    <label
                      htmlFor="complaint-order"
                      className="block text-sm font-medium text-stone-800"
                    >
                      {t('accountPage.complaints.order')}
                    </label>
                    <select
                      id="complaint-order"
                      value={orderId}
                      onChange={(event) => setOrderId(event.target.value)}
                      className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
                    >
                      <option value="">{t('accountPage.complaints.chooseOrder')}</option>
                      {list.map((order) => (
                        <option key={order.id} value={String(order.id)}>
                          {`${order.number} (${day(order.date, locale)})`}
                        </option>
                      ))}
                    </select>
                  </div>
                  {orderId ? <ComplaintForm key={orderId} orderId={orderId} /> : null}
                </div>
              )
            }
          </Loaded>
        )}
      </div>
    </AccountLayout>
  )
}

function ComplaintForm({ orderId }: { orderId: string }) {
  const { t, locale } = useTranslation()
  const navigate = useNavigate()
  const order = useApiData<OrderDetail>(`/api/account/orders/${orderId}`)
  const form = useAccountForm({
    id: 'complaint',
    initial: { orderItemId: '', quantity: '1', reason: '' },
    schema: ComplaintInputSchema,
    build: (values) => ({
      orderItemId: Number(values.orderItemId) || 0,
      quantity: Number.isFinite(Number(values.quantity)) ? Number(values.quantity) : 0,
      reason: values.reason,
    }),
    send: (input) => callApi<ComplaintDetail>('POST', '/api/partner/complaints', input),
    onSuccess: (created) => navigate(complaintUrl(locale, created.id)),
  })
  return (
    <Loaded data={order}>
      {(detail) => {
        const items = detail.items.filter((item) => item.quantity > item.complainedQuantity)
        return (
          <form method="post" noValidate onSubmit={form.onSubmit} className="space-y-5">
            <ErrorSummary form={form} />
            <RequiredNote />
            <SelectField
              form={form}
              name="orderItemId"
              label={t('accountPage.complaints.item')}
              required
              options={[
                ['', t('accountPage.complaints.chooseItem')],
                ...items.map(
                  (item) =>
                    [
                      String(item.id),
                      `${item.code} ${item.name} (${t('accountPage.complaints.available', {
                        count: item.quantity - item.complainedQuantity,
                      })})`,
                    ] as const,
                ),
              ]}
            />
            <TextField
              form={form}
              name="quantity"
              inputMode="numeric"
              label={t('order.quantity')}
              required
            />
            <TextAreaField
              form={form}
              name="reason"
              label={t('accountPage.complaints.reason')}
              required
            />
            <SubmitButton form={form}>{t('accountPage.complaints.submit')}</SubmitButton>
          </form>
        )
      }}
    </Loaded>
  )
}
