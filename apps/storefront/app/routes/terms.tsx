import type { Route } from './+types/terms'
import { TextPage } from '../components/text-page.tsx'
import { metaTags } from '../page-meta.ts'
import { textPageData } from '../text-page-data.server.ts'

const PARAGRAPHS = [
  'shop.terms.intro',
  'shop.terms.orders',
  'shop.terms.shipping',
  'shop.terms.partners',
] as const

export function loader({ params, context }: Route.LoaderArgs) {
  return textPageData(context, params.locale, 'terms', {
    title: 'page.terms',
    description: PARAGRAPHS[0],
  })
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Terms() {
  return <TextPage titleKey="page.terms" paragraphKeys={PARAGRAPHS} />
}
