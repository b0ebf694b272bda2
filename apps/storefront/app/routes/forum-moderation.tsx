import { Link, redirect, useActionData } from 'react-router'
import { generateUrl } from '@optika/domain/routing/routes'
import type { ForumReportView } from '@optika/domain/community/forum-api'
import type { Route } from './+types/forum-moderation'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { getStorefront } from '../get-storefront.server.ts'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'
import type { ActionFailure } from '../features/commerce/cart/action-types.ts'
import { DismissReport } from '../features/forum-moderation/dismiss-report.tsx'
import { moderationAction } from '../features/forum-moderation/moderation-action.server.ts'
import { PostModerationMenu } from '../features/forum-moderation/post-moderation-menu.tsx'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { forumModeration, translator, viewer, publicUrl } = getStorefront(context)
  const url = new URL(request.url)
  if (viewer.customerId === null) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router follows a thrown redirect
    throw redirect(generateUrl('login', { locale, returnTo: `${url.pathname}${url.search}` }))
  }
  const title = translator.t(locale, 'forumModeration.queue.title')
  const page = /^\d{1,6}$/.test(url.searchParams.get('page') ?? '')
    ? Number(url.searchParams.get('page'))
    : 1
  const path = generateUrl('forumModeration', { locale })
  const common = {
    locale,
    alternates: inEveryLocale((l) => generateUrl('forumModeration', { locale: l })),
    meta: {
      title: translator.t(locale, 'shop.meta.title', { title }),
      canonical: new URL(path, publicUrl).toString(),
      noindex: true,
    },
  }
  if (!viewer.isModerator || viewer.impersonatedBy !== null) {
    return { ...common, queue: null }
  }
  return { ...common, queue: await forumModeration.queue(viewer, page, locale) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return moderationAction(request, context, requireLocale(params.locale))
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** The queue's reports grouped by post: one card per reported post, its reports listed in it. */
function groupByPost(reports: readonly ForumReportView[]) {
  const groups: {
    post: ForumReportView['post']
    thread: ForumReportView['thread']
    reports: ForumReportView[]
  }[] = []
  for (const report of reports) {
    const last = groups.at(-1)
    if (last?.post.id === report.post.id) last.reports.push(report)
    else groups.push({ post: report.post, thread: report.thread, reports: [report] })
  }
  return groups
}

/** /{locale}/forum/moderation — the moderators' queue of reported posts. */
export default function ForumModerationPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const failure = useActionData<ActionFailure>()
  const { queue } = loaderData
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 lg:px-8">
      <Breadcrumb
        locale={locale}
        trail={[{ name: t('forumModeration.queue.forum'), url: generateUrl('forum', { locale }) }]}
        current={t('forumModeration.queue.title')}
      />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {t('forumModeration.queue.title')}
      </h1>
      {failure && !failure.ok && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure.errors[0]?.message ?? failure.message}
        </p>
      )}
      {queue === null ? (
        <p className="mt-6 rounded-2xl bg-stone-50 p-8 text-center text-stone-700">
          {t('forumModeration.queue.forbidden')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-stone-600">{t('forumModeration.queue.description')}</p>
          <p role="status" className="mt-4 text-sm text-stone-600">
            {t('forumModeration.queue.count', { count: queue.paging.total })}
          </p>
          {queue.reports.length === 0 ? (
            <p className="mt-6 rounded-2xl bg-stone-50 p-8 text-center text-stone-600">
              {t('forumModeration.queue.empty')}
            </p>
          ) : (
            <ol className="mt-6 grid gap-6" data-testid="report-queue">
              {groupByPost(queue.reports).map((group) => (
                <li
                  key={group.post.id}
                  className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
                  data-testid="reported-post"
                >
                  <article aria-labelledby={`reported-${group.post.id}`}>
                    <h2
                      id={`reported-${group.post.id}`}
                      className="text-base font-semibold text-stone-900 [overflow-wrap:anywhere]"
                    >
                      {t('forumModeration.queue.postBy', {
                        author: group.post.author.displayName,
                      })}
                    </h2>
                    <p className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
                      {t('forumModeration.queue.inThread')}{' '}
                      <Link
                        className="text-brand-700 underline"
                        to={`${generateUrl('forumThread', {
                          locale,
                          id: group.thread.id,
                          slug: group.thread.slug,
                        })}#post-${group.post.id}`}
                      >
                        {group.thread.title}
                      </Link>
                      {' · '}
                      <time dateTime={group.post.createdAt}>
                        {date.format(new Date(group.post.createdAt))}
                      </time>
                    </p>
                    <div
                      className="prose prose-stone mt-3 max-w-none text-sm [overflow-wrap:anywhere]"
                      // The server drew it from the author's text, escaped: never raw HTML.
                      dangerouslySetInnerHTML={{ __html: group.post.html }}
                    />
                    <ul className="mt-4 grid gap-3 border-t border-stone-100 pt-4">
                      {group.reports.map((report) => (
                        <li
                          key={report.id}
                          className="grid gap-2 sm:flex sm:items-start sm:justify-between"
                        >
                          <div className="min-w-0 text-sm">
                            <p className="font-medium text-stone-800">
                              {t('forumModeration.queue.reportedBy', {
                                reporter: report.reporter.displayName,
                              })}{' '}
                              <time
                                className="font-normal text-stone-500"
                                dateTime={report.createdAt}
                              >
                                {date.format(new Date(report.createdAt))}
                              </time>
                            </p>
                            <p className="text-stone-700 [overflow-wrap:anywhere]">
                              {report.reason}
                            </p>
                          </div>
                          <DismissReport reportId={report.id} />
                        </li>
                      ))}
                    </ul>
                    <div className="mt-4">
                      <PostModerationMenu post={group.post} isModerator />
                    </div>
                  </article>
                </li>
              ))}
            </ol>
          )}
          {queue.paging.pageCount > 1 && (
            <nav aria-label={t('forumModeration.queue.title')} className="mt-6 flex gap-2">
              {Array.from({ length: queue.paging.pageCount }, (_, index) => index + 1).map((n) => (
                <Link
                  key={n}
                  to={generateUrl('forumModeration', { locale, page: n })}
                  aria-current={n === queue.paging.page ? 'page' : undefined}
                  className="min-w-10 rounded-lg border border-stone-300 px-3 py-2 text-center text-sm aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                >
                  {n}
                </Link>
              ))}
            </nav>
          )}
        </>
      )}
    </div>
  )
}
