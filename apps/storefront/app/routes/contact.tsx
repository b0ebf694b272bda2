import type { Route } from './+types/contact'
import { TextPage } from '../components/text-page.tsx'
import { metaTags } from '../page-meta.ts'
import { textPageData } from '../text-page-data.server.ts'

const PARAGRAPHS = [
  'shop.contact.intro',
  'shop.contact.hours',
  'shop.contact.warehouse',
  'shop.contact.partners',
] as const

export function loader({ params, context }: Route.LoaderArgs) {
  return textPageData(context, params.locale, 'contact', {
    title: 'shop.contact.title',
    description: PARAGRAPHS[0],
  })
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

export default function Contact() {
  return <TextPage titleKey="shop.contact.title" paragraphKeys={PARAGRAPHS} />
}
