import type { Route } from './+types/privacy'
import { TextPage } from '../components/text-page.tsx'
import { metaTags } from '../page-meta.ts'
import { textPageData } from '../text-page-data.server.ts'

const PARAGRAPHS = [
  'shop.privacy.intro',
  'shop.privacy.data',
  'shop.privacy.cookies',
  'shop.privacy.rights',
] as const

export function loader({ params, context }: Route.LoaderArgs) {
  return textPageData(context, params.locale, 'privacy', {
    title: 'page.privacy',
    description: PARAGRAPHS[0],
  })
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Privacy() {
  return <TextPage titleKey="page.privacy" paragraphKeys={PARAGRAPHS} />
}
