import { generateUrl } from '@optika/domain/routing/routes'
import { DEFAULT_LOCALE } from '@optika/i18n/locales'
import type { Route } from './+types/forum-thread'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireId, requireLocale } from '../route-params.ts'
import { throwMovedTo } from '../route-responses.ts'
import { getStorefront } from '../get-storefront.server.ts'
import {
  composerAction,
  forumContext,
  orNotFound,
  pageParam,
} from '../features/forum/forum-page-data.server.ts'
import { ForumComposer } from '../features/forum/forum-composer.tsx'
import { ForumPost, AuthorBadges } from '../features/forum/forum-post.tsx'
import { ForumPagingNav } from '../features/forum/forum-paging.tsx'
import { PostTools } from '../features/forum-moderation/post-tools.tsx'
import { ThreadModerationTools } from '../features/forum-moderation/thread-moderation-tools.tsx'

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  const { forum, forumModeration, translator, publicUrl, viewer } = getStorefront(context)
  const page = await orNotFound(forum.threadPage(forumContext(context, locale), id, pageParam(url)))
  const { thread } = page
  const path = (l: typeof locale) =>
    generateUrl('forumThread', { locale: l, id: String(thread.id), slug: thread.slug })
  // A mistyped slug finds the thread at its one address.
  if (params.slug !== thread.slug) throwMovedTo(`${path(locale)}${url.search}`)
  const quoteId = Number(url.searchParams.get('quote'))
  const quoted = page.canReply ? page.posts.find((p) => p.id === quoteId && !p.hidden) : undefined
  const pageSuffix = page.paging.page > 1 ? `?page=${page.paging.page}` : ''
  return {
    page,
    viewerId: viewer.customerId,
    moveTargets: page.viewerIsModerator ? await forumModeration.boardChoices(locale) : [],
    quote: quoted ? { postId: quoted.id, authorName: quoted.author.displayName } : null,
    baseUrl: path(locale),
    pageSuffix,
    loginUrl: generateUrl('login', { locale }),
    alternates: inEveryLocale((l) => `${path(l)}${pageSuffix}`),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title: thread.title }),
      description: translator.t(locale, 'forum.meta.description'),
      canonical: `${publicUrl}${path(locale)}${pageSuffix}`,
      defaultAlternate: `${publicUrl}${path(DEFAULT_LOCALE)}${pageSuffix}`,
    },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = requireLocale(params.locale)
  const id = requireId(params.id)
  return composerAction(request, context, locale, { threadId: id })
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** A thread: its posts page by page, each with a quote button, and the reply composer. */
export default function ForumThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { page, quote, baseUrl, pageSuffix, loginUrl, viewerId, moveTargets } = loaderData
  const { thread } = page
  const here = `${baseUrl}${pageSuffix}`
  const quoteUrl = (postId: number) =>
    `${baseUrl}?${new URLSearchParams({
      ...(page.paging.page > 1 ? { page: String(page.paging.page) } : {}),
      quote: String(postId),
    }).toString()}#composer`
  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Breadcrumb
        locale={locale}
        trail={[
          { name: t('forum.title'), url: generateUrl('forum', { locale }) },
          {
            name: thread.board.title,
            url: generateUrl('forumBoard', { locale, board: thread.board.key }),
          },
        ]}
        current={thread.title}
      />
      <header className="mt-4">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere] sm:text-3xl">
          {thread.title}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-600">
          <span>{t('forum.board.startedBy', { name: thread.author.displayName })}</span>
          <AuthorBadges author={thread.author} />
          {thread.locked ? (
            <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-800">
              {t('forum.thread.lockedBadge')}
            </span>
          ) : null}
        </p>
        <div className="mt-4 empty:hidden">
          <ThreadModerationTools
            thread={thread}
            boards={moveTargets}
            isModerator={page.viewerIsModerator}
          />
        </div>
      </header>
      <section aria-label={t('forum.thread.posts')} className="mt-6">
        <ol className="space-y-4">
          {page.posts.map((post) => (
            <li key={post.id}>
              <ForumPost
                post={post}
                quoteUrl={page.canReply && !post.hidden ? quoteUrl(post.id) : null}
                tools={
                  <PostTools post={post} viewerId={viewerId} isModerator={page.viewerIsModerator} />
                }
              />
            </li>
          ))}
        </ol>
        <ForumPagingNav paging={page.paging} baseUrl={baseUrl} />
      </section>
      <section aria-labelledby="reply-heading" className="mt-10">
        <h2 id="reply-heading" className="text-xl font-semibold text-stone-900">
          {t('forum.composer.replyHeading')}
        </h2>
        <div className="mt-4">
          {page.canReply ? (
            <ForumComposer
              withTitle={false}
              answer={actionData}
              quote={quote}
              cancelQuoteUrl={`${here}#composer`}
            />
          ) : thread.locked ? (
            <p role="note" className="rounded-lg bg-stone-100 p-4 text-stone-700">
              {t('forum.thread.locked')}
            </p>
          ) : (
            <p className="rounded-lg bg-stone-100 p-4 text-stone-700">
              {t('forum.signInToPost')}{' '}
              <a href={loginUrl} className="font-medium text-brand-800 underline">
                {t('forum.signIn')}
              </a>
            </p>
          )}
        </div>
      </section>
    </div>
  )
}
