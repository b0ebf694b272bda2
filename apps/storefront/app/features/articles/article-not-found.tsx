import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { StatusMessage } from '../../components/status-message.tsx'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

/** The article page's 404: the seed's 'Article not found', and the way back to the list. */
export function ArticleNotFound() {
  const { t, locale } = useTranslation()
  return (
    <StatusMessage title={t('error.articleNotFound')} text={t('article.notFound.text')} code="404">
      <Link
        to={generateUrl('articles', { locale })}
        className="inline-flex h-11 items-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('article.backToList')}
      </Link>
    </StatusMessage>
  )
}
