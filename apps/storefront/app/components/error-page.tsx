import { useTranslation } from '../i18n/i18n-provider.tsx'
import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { StatusMessage } from './status-message.tsx'

/** What a visitor sees when a page fails unexpectedly: a translated apology, never the error itself. */
export function ErrorPage({ status = 500 }: { status?: number }) {
  const { t, locale } = useTranslation()
  return (
    <StatusMessage
      title={t('shop.error.title')}
      text={t('server.internalError')}
      code={String(status)}
    >
      <Link
        to={generateUrl('home', { locale })}
        reloadDocument
        className="inline-flex h-11 items-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('shop.common.backHome')}
      </Link>
    </StatusMessage>
  )
}
