import { generateUrl } from '@optika/domain/routing/routes'
import type { Route } from './+types/forum-new-thread'
import { Breadcrumb } from '../components/breadcrumb.tsx'
import { useTranslation } from '../i18n/i18n-provider.tsx'
import { inEveryLocale } from '../i18n/in-every-locale.ts'
import { metaTags } from '../page-meta.ts'
import { requireLocale } from '../route-params.ts'
import { getStorefront } from '../get-storefront.server.ts'
import {
  composerAction,
  forumContext,
  orNotFound,
} from '../features/forum/forum-page-data.server.ts'
import { ForumComposer, type ComposerAnswer } from '../features/forum/forum-composer.tsx'

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = requireLocale(params.locale)
  const { forum, translator } = getStorefront(context)
  const page = await orNotFound(forum.boardPage(forumContext(context, locale), params.board, 1))
  const heading = translator.t(locale, 'forum.composer.newThreadHeading', {
    board: page.board.title,
  })
  return {
    board: page.board,
    canPost: page.canPost,
    loginUrl: generateUrl('login', { locale }),
    alternates: inEveryLocale((l) =>
      generateUrl('forumNewThread', { locale: l, board: page.board.key }),
    ),
    meta: { title: translator.t(locale, 'shop.meta.title', { title: heading }), noindex: true },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = requireLocale(params.locale)
  return composerAction(request, context, locale, { boardKey: params.board })
}

export function meta({ loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta)
}

/** Starting a thread in a board: title, text, product, pictures, reply mails. */
export default function ForumNewThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation()
  const { board, canPost, loginUrl } = loaderData
  const heading = t('forum.composer.newThreadHeading', { board: board.title })
  const boardUrl = generateUrl('forumBoard', { locale, board: board.key })
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <Breadcrumb
        locale={locale}
        trail={[
          { name: t('forum.title'), url: generateUrl('forum', { locale }) },
          { name: board.title, url: boardUrl },
        ]}
        current={t('forum.board.newThread')}
      />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere] sm:text-3xl">
        {heading}
      </h1>
      <div className="mt-6">
        {canPost ? (
          <ForumComposer
            withTitle
            answer={actionData}
            quote={null}
            cancelQuoteUrl={boardUrl}
          />
        ) : (
          <p className="rounded-lg bg-stone-100 p-4 text-stone-700">
            {board.partnersOnly ? t('forum.partnersOnly') : t('forum.signInToPost')}{' '}
            <a href={loginUrl} className="font-medium text-brand-800 underline">
              {t('forum.signIn')}
            </a>
          </p>
        )}
      </div>
    </div>
  )
}
