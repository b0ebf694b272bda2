import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/forum'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'
import { getStorefront } from '../get-storefront.server.ts'
import { ModerationQueueLink } from '../features/forum-moderation/moderation-queue-link.tsx'
import { forumContext } from '../features/forum/forum-page-data.server.ts'
import { ForumDate } from '../features/forum/forum-post.tsx'

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { forum, forumModeration, translator, publicUrl, viewer } = getStorefront(context)
  const boards = await forum.listBoards(forumContext(context, locale))
  const title = translator.t(locale, 'forum.title')
  return {
    boards,
    openReports:
      viewer.isModerator && viewer.impersonatedBy === null
        ? await forumModeration.openReportCount(viewer)
        : null,
    alternates: inEveryLocale((l) => generateUrl('forum', { locale: l })),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title }),
      description: translator.t(locale, 'forum.meta.description'),
      canonical: `${publicUrl}${generateUrl('forum', { locale })}`,
      defaultAlternate: `${publicUrl}${generateUrl('forum', { locale: DEFAULT_LOCALE })}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** The forum's boards with their counts and last post. */
export default function Forum({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Breadcrumb locale={locale} trail={[]} current={t('forum.title')} />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {t('forum.title')}
      </h1>
      <p className="mt-2 text-stone-600">{t('forum.intro')}</p>
      <ModerationQueueLink openReports={loaderData.openReports} />
      <section aria-labelledby="forum-boards" className="mt-8">
        <h2 id="forum-boards" className="sr-only">
          {t('forum.boards')}
        </h2>
        <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {loaderData.boards.map((board) => (
            <li
              key={board.key}
              className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5"
            >
              <div className="min-w-0 flex-1">
                <h3 className="text-lg font-semibold">
                  <Link
                    to={generateUrl('forumBoard', { locale, board: board.key })}
                    className="text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {board.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-stone-600">{board.description}</p>
                {board.partnersOnly ? (
                  <p className="mt-1 text-xs font-medium text-brand-800">
                    {t('forum.board.partnersOnly')}
                  </p>
                ) : null}
              </div>
              <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm text-stone-600">
                <dt>{t('forum.board.threads')}</dt>
                <dd className="text-right font-medium text-stone-900">{board.threadCount}</dd>
                <dt>{t('forum.board.posts')}</dt>
                <dd className="text-right font-medium text-stone-900">{board.postCount}</dd>
                <dt>{t('forum.board.lastPost')}</dt>
                <dd className="text-right">
                  {board.lastPostAt ? (
                    <ForumDate iso={board.lastPostAt} />
                  ) : (
                    t('forum.board.noPosts')
                  )}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
