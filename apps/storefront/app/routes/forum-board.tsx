import { Link } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/forum-board'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'
import { getStorefront } from '../get-storefront.server.ts'
import { forumContext, orNotFound, pageParam } from '../features/forum/forum-page-data.server.ts'
import { AuthorBadges, ForumDate } from '../features/forum/forum-post.tsx'
import { ForumPagingNav } from '../features/forum/forum-paging.tsx'

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { forum, translator, publicUrl, viewer } = getStorefront(context)
  const page = await orNotFound(
    forum.boardPage(forumContext(context, locale), params.board, pageParam(url)),
  )
  const path = (l: typeof locale) => generateUrl('forumBoard', { locale: l, board: page.board.key })
  const pageSuffix = page.paging.page > 1 ? `?page=${page.paging.page}` : ''
  return {
    page,
    signedIn: viewer.customerId !== null,
    baseUrl: path(locale),
    loginUrl: generateUrl('login', { locale }),
    alternates: inEveryLocale((l) => `${path(l)}${pageSuffix}`),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: page.board.title }),
      description: page.board.description,
      canonical: `${publicUrl}${path(locale)}${pageSuffix}`,
      defaultAlternate: `${publicUrl}${path(DEFAULT_LOCALE)}${pageSuffix}`,
    },
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** A board: its threads, most recently answered first, page by page. */
export default function ForumBoard({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { page, baseUrl, loginUrl, signedIn } = loaderData
  const { board } = page
  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Breadcrumb
        locale={locale}
        trail={[{ name: t('forum.title'), url: generateUrl('forum', { locale }) }]}
        current={board.title}
      />
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
            {board.title}
          </h1>
          <p className="mt-2 text-stone-600">{board.description}</p>
          {board.partnersOnly ? (
            <p className="mt-1 text-sm font-medium text-brand-800">
              {t('forum.board.partnersOnly')}
            </p>
          ) : null}
        </div>
        {page.canPost ? (
          <Link
            to={generateUrl('forumNewThread', { locale, board: board.key })}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('forum.board.newThread')}
          </Link>
        ) : !signedIn ? (
          <p className="text-sm text-stone-700">
            {t('forum.signInToPost')}{' '}
            <a href={loginUrl} className="font-medium text-brand-800 underline">
              {t('forum.signIn')}
            </a>
          </p>
        ) : null}
      </div>
      {page.threads.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
          {t('forum.board.noThreads')}
        </p>
      ) : (
        <ul className="mt-8 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {page.threads.map((thread) => (
            <li key={thread.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold [overflow-wrap:anywhere]">
                  <Link
                    to={generateUrl('forumThread', {
                      locale,
                      id: String(thread.id),
                      slug: thread.slug,
                    })}
                    className="text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {thread.title}
                  </Link>
                  {thread.locked ? (
                    <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-800">
                      {t('forum.thread.lockedBadge')}
                    </span>
                  ) : null}
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
                  <span>{t('forum.board.startedBy', { name: thread.author.displayName })}</span>
                  <AuthorBadges author={thread.author} />
                </p>
              </div>
              <p className="text-right text-sm text-stone-600">
                {t('forum.board.replies', { count: thread.postCount })}
                <br />
                <ForumDate iso={thread.lastPostAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <ForumPagingNav paging={page.paging} baseUrl={baseUrl} />
    </div>
  )
}
