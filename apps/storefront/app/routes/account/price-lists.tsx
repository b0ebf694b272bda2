import type { PartnerPriceList } from '@optika/domain/accounts/partner-api'
import type { Route } from './+types/price-lists'
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
  return restrictedPageData(request, context, params.locale, 'partnerPriceLists', 'page.priceLists')
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

const FORMATS = [
  ['xlsx', 'XLSX'],
  ['csv', 'CSV'],
  ['pdf', 'PDF'],
] as const

/** The approved partner's price lists, each downloadable as XLSX, CSV and PDF. */
export default function PriceLists({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { viewer } = loaderData
  const lists = useApiData<{ priceLists: PartnerPriceList[] }>(
    viewer.approvedPartner ? '/api/partner/price-lists' : null,
  )
  return (
    <AccountLayout title={t('page.priceLists')} viewer={viewer}>
      {!viewer.approvedPartner ? (
        <PartnerOnlyNotice viewer={viewer} />
      ) : (
        <Loaded data={lists}>
          {({ priceLists }) =>
            priceLists.length === 0 ? (
              <Notice role="status">{t('accountPage.priceLists.none')}</Notice>
            ) : (
              <ul className="space-y-4">
                {priceLists.map((list) => (
                  <li key={list.id} className="rounded-xl border border-stone-200 p-5">
                    <h2 className="text-lg font-semibold text-stone-900">{list.name}</h2>
                    <p className="mt-1 text-sm text-stone-600">
                      {t('accountPage.priceLists.summary', {
                        count: list.itemCount,
                        currency: list.currency,
                      })}
                    </p>
                    <ul className="mt-3 flex flex-wrap gap-2">
                      {FORMATS.map(([format, label]) => (
                        <li key={format}>
                          <a
                            href={list.downloads[format]}
                            download
                            className="inline-flex h-10 items-center rounded-full border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-100"
                            aria-label={t('accountPage.download.named', {
                              name: list.name,
                              format: label,
                            })}
                          >
                            {label}
                          </a>
                        </li>
                      ))}
                    </ul>
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
