import { useState } from 'react'
import { Link } from 'react-router'
import {
  COMPLAINT_PHOTO_TYPES,
  ComplaintMessageInputSchema,
  type ComplaintDetail,
} from '@optika/domain/accounts/partner-api'
import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/complaint'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import {
  AccountLayout,
  Loaded,
  PartnerOnlyNotice,
} from '../../features/accounts/account/account-layout.tsx'
import { callApi } from '../../features/accounts/account/api-client.ts'
import { orderUrl } from '../../features/accounts/account/complaint-links.ts'
import {
  ErrorSummary,
  SECONDARY_BUTTON,
  SubmitButton,
  TextAreaField,
} from '../../features/accounts/account/form-fields.tsx'
import { day, moment } from '../../features/accounts/account/format.ts'
import { useApiData } from '../../features/accounts/account/use-api-data.ts'
import { useAccountForm } from '../../features/accounts/account/use-account-form.ts'
import { requireId } from '../../route-params.ts'

export function loader({ request, params, context }: Route.LoaderArgs) {
  const id = requireId(params.id)
  const data = restrictedPageData(
    request,
    context,
    params.locale,
    'partnerComplaint',
    'accountPage.complaints.detail',
    { id },
  )
  return { ...data, id }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** One complaint: the item, its state, the messages both ways, photos; the partner can add both. */
export default function Complaint({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { viewer } = loaderData
  const loaded = useApiData<ComplaintDetail>(
    viewer.approvedPartner ? `/api/partner/complaints/${loaderData.id}` : null,
  )
  // Adding a message or a photo answers with the whole complaint.
  const [latest, setLatest] = useState<ComplaintDetail | null>(null)
  const data = latest ? { state: 'ready' as const, data: latest } : loaded
  return (
    <AccountLayout title={t('accountPage.complaints.detail')} viewer={viewer}>
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
          <Loaded data={data}>
            {(complaint) => (
              <div className="space-y-8">
                <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
                  <dt className="font-medium text-stone-600">{t('accountPage.order.product')}</dt>
                  <dd>
                    {complaint.productName} ({complaint.productCode})
                  </dd>
                  <dt className="font-medium text-stone-600">{t('order.number')}</dt>
                  <dd>
                    <Link
                      to={orderUrl(locale, complaint.orderId)}
                      className="text-brand-700 underline"
                    >
                      {complaint.orderNumber}
                    </Link>
                  </dd>
                  <dt className="font-medium text-stone-600">{t('order.quantity')}</dt>
                  <dd>{complaint.quantity}</dd>
                  <dt className="font-medium text-stone-600">{t('order.date')}</dt>
                  <dd>{day(complaint.createdAt, locale)}</dd>
                  <dt className="font-medium text-stone-600">
                    {t('accountPage.complaints.state')}
                  </dt>
                  <dd className="font-semibold">{t(`partner.state.${complaint.state}`)}</dd>
                  <dt className="font-medium text-stone-600">
                    {t('accountPage.complaints.reason')}
                  </dt>
                  <dd className="whitespace-pre-line">{complaint.reason}</dd>
                </dl>

                <section aria-labelledby="messages-title" className="space-y-4">
                  <h2 id="messages-title" className="text-xl font-semibold text-stone-900">
                    {t('accountPage.complaints.messages')}
                  </h2>
                  {complaint.messages.length === 0 ? (
                    <p className="text-sm text-stone-600">
                      {t('accountPage.complaints.noMessages')}
                    </p>
                  ) : (
                    <ol className="space-y-3">
                      {complaint.messages.map((message) => (
                        <li
                          key={message.id}
                          className={`rounded-xl p-4 text-sm ${
                            message.author === 'staff' ? 'bg-brand-50' : 'border border-stone-200'
                          }`}
                        >
                          <p className="font-medium text-stone-900">
                            {t(
                              message.author === 'staff'
                                ? 'accountPage.complaints.fromShop'
                                : 'accountPage.complaints.fromYou',
                            )}{' '}
                            <span className="font-normal text-stone-500">
                              {moment(message.createdAt, locale)}
                            </span>
                          </p>
                          <p className="mt-1 whitespace-pre-line text-stone-800">{message.text}</p>
                        </li>
                      ))}
                    </ol>
                  )}
                  <MessageForm complaintId={complaint.id} onAdded={setLatest} />
                </section>

                <section aria-labelledby="photos-title" className="space-y-4">
                  <h2 id="photos-title" className="text-xl font-semibold text-stone-900">
                    {t('accountPage.complaints.photos')}
                  </h2>
                  {complaint.photos.length > 0 ? (
                    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                      {complaint.photos.map((photo, index) => (
                        <li key={photo.id}>
                          <a href={photo.url} target="_blank" rel="noreferrer">
                            <img
                              src={photo.url}
                              alt={t('accountPage.complaints.photoAlt', { number: index + 1 })}
                              className="aspect-square w-full rounded-lg object-cover"
                              loading="lazy"
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <PhotoUpload complaintId={complaint.id} onAdded={setLatest} />
                </section>
              </div>
            )}
          </Loaded>
        )}
      </div>
    </AccountLayout>
  )
}

function MessageForm({
  complaintId,
  onAdded,
}: {
  complaintId: number
  onAdded: (complaint: ComplaintDetail) => void
}) {
  const { t } = useTranslation()
  const form = useAccountForm({
    id: 'complaint-message',
    initial: { text: '' },
    schema: ComplaintMessageInputSchema,
    build: (values) => ({ text: values.text }),
    send: (input) =>
      callApi<ComplaintDetail>('POST', `/api/partner/complaints/${complaintId}/messages`, input),
    onSuccess: (complaint) => {
      form.setValues({ text: '' })
      onAdded(complaint)
    },
  })
  return (
    <form method="post" noValidate onSubmit={form.onSubmit} className="space-y-3">
      <ErrorSummary form={form} />
      <TextAreaField
        form={form}
        name="text"
        label={t('accountPage.complaints.newMessage')}
        required
        rows={4}
      />
      <SubmitButton form={form}>{t('accountPage.complaints.send')}</SubmitButton>
    </form>
  )
}

function PhotoUpload({
  complaintId,
  onAdded,
}: {
  complaintId: number
  onAdded: (complaint: ComplaintDetail) => void
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [inputKey, setInputKey] = useState(0)
  const upload = async (file: File) => {
    setBusy(true)
    setError('')
    const body = new FormData()
    body.append('file', file)
    const result = await callApi<ComplaintDetail>(
      'POST',
      `/api/partner/complaints/${complaintId}/photos`,
      body,
    )
    setBusy(false)
    setInputKey((k) => k + 1)
    if (result.ok) onAdded(result.data)
    else setError(result.message || t('accountPage.form.failed'))
  }
  return (
    <div className="space-y-2">
      <label htmlFor="complaint-photo" className="block text-sm font-medium text-stone-800">
        {t('accountPage.complaints.addPhoto')}
      </label>
      <input
        key={inputKey}
        id="complaint-photo"
        type="file"
        accept={COMPLAINT_PHOTO_TYPES.join(',')}
        disabled={busy}
        aria-describedby="complaint-photo-hint"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) void upload(file)
        }}
        className={`${SECONDARY_BUTTON} h-auto py-2`}
      />
      <p id="complaint-photo-hint" className="text-sm text-stone-600">
        {t('accountPage.complaints.photoHint')}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
