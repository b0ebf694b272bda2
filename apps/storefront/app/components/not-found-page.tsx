import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { StatusMessage } from './status-message.tsx'

/** The translated "page not found" message, inside the normal layout (the response is a 404). */
export function NotFoundPage() {
  const { t, locale } = useTranslation()
  return (
    <StatusMessage title={t('shop.notFound.title')} text={t('shop.notFound.text')} code="404">
      <Link
        to={generateUrl('home', { locale })}
        className="inline-flex h-11 items-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('shop.common.backHome')}
      </Link>
    </StatusMessage>
  )
}
