import type { PromoMaterial } from '@optika/domain/accounts/partner-api'
import type { Route } from './+types/promotion-material'
import { metaTags } from '../../page-meta.ts'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { restrictedPageData } from '../../features/accounts/account/account-page-data.server.ts'
import {
  AccountLayout,
  Loaded,
  Notice,
  PartnerOnlyNotice,
} from '../../features/accounts/account/account-layout.tsx'
import { useApiData } from '../../features/accounts/account/use-api-data.ts'

export function loader({ request, params, context }: Route.LoaderArgs) {
  return restrictedPageData(
    request,
    context,
    params.locale,
    'partnerPromotionMaterial',
    'page.promotionMaterial',
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

function fileSize(bytes: number | null): string {
  if (bytes === null) return ''
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Promotion material for partners: title, description and its files to download. */
export default function PromotionMaterial({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { viewer } = loaderData
  const list = useApiData<{ materials: PromoMaterial[] }>(
    viewer.approvedPartner ? '/api/partner/promotion-material' : null,
  )
  return (
    <AccountLayout title={t('page.promotionMaterial')} viewer={viewer}>
      {!viewer.approvedPartner ? (
        <PartnerOnlyNotice viewer={viewer} />
      ) : (
        <Loaded data={list}>
          {({ materials }) =>
            materials.length === 0 ? (
              <Notice role="status">{t('accountPage.promotion.none')}</Notice>
            ) : (
              <ul className="space-y-4">
                {materials.map((material) => (
                  <li key={material.id} className="rounded-xl border border-stone-200 p-5">
                    <h2 className="text-lg font-semibold text-stone-900">{material.title}</h2>
                    {material.description ? (
                      <div
                        className="prose prose-sm mt-2 text-stone-700"
                        // Sanitized by the server when the back office saved it.
                        dangerouslySetInnerHTML={{ __html: material.description }}
                      />
                    ) : null}
                    {material.files.length > 0 ? (
                      <ul className="mt-3 space-y-1 text-sm">
                        {material.files.map((file) => (
                          <li key={file.assetId}>
                            <a
                              href={file.url}
                              download
                              className="font-medium text-brand-700 underline"
                            >
                              {t('accountPage.download.file', { name: file.fileName })}
                            </a>
                            {file.size !== null ? (
                              <span className="ml-2 text-stone-500">{fileSize(file.size)}</span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      )}
    </AccountLayout>
  )
}
