import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { ForumAuthor, ForumPostView } from '@optika/domain/community/forum-api'
import { INTL_LOCALE } from '@optika/i18n/locales'
import { useTranslation } from '../../i18n/i18n-provider.tsx'

export function AuthorBadges({ author }: { author: ForumAuthor }) {
  const { t } = useTranslation()
  return (
    <>
      {author.isPartner ? (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
          {t('forum.post.partner')}
        </span>
      ) : null}
      {author.isModerator ? (
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">
          {t('forum.post.moderator')}
        </span>
      ) : null}
    </>
  )
}

export function ForumDate({ iso }: { iso: string }) {
  const { locale } = useTranslation()
  return (
    <time dateTime={iso}>
      {new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Prague',
      }).format(new Date(iso))}
    </time>
  )
}

/**
 * One post: author, date, the quoted post, the text (HTML the server drew from the Markdown
 * subset and sanitized), the product it names, its pictures. `quoteUrl` is the quote button's
 * address (works without scripts); `tools` is where moderation mounts its per-post menu.
 */
export function ForumPost({
  post,
  quoteUrl,
  tools,
}: {
  post: ForumPostView
  quoteUrl: string | null
  tools?: ReactNode
}) {
  const { t } = useTranslation()
  const name = post.author.displayName
  return (
    <article
      id={`post-${post.id}`}
      aria-labelledby={`post-${post.id}-author`}
      className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span
          id={`post-${post.id}-author`}
          className="font-semibold text-stone-900 [overflow-wrap:anywhere]"
        >
          {name}
        </span>
        <AuthorBadges author={post.author} />
        <span className="text-stone-500">
          <ForumDate iso={post.createdAt} />
          {post.editedAt ? ` · ${t('forum.post.edited')}` : null}
        </span>
      </header>
      {post.hidden ? (
        <div className="mt-3 rounded-lg bg-stone-100 p-3 text-sm text-stone-700" role="note">
          <p>{t('forum.post.hiddenByModerator')}</p>
          {post.hiddenReason !== null ? (
            <p className="mt-1 font-medium">
              {t('forum.post.hiddenReason', { reason: post.hiddenReason })}
            </p>
          ) : null}
        </div>
      ) : null}
      {post.quote ? (
        <blockquote className="mt-3 border-l-4 border-stone-300 pl-3 text-sm text-stone-600">
          <p className="font-medium">
            <a href={`#post-${post.quote.postId}`} className="underline hover:text-brand-800">
              {t('forum.post.wrote', { name: post.quote.authorName })}
            </a>
          </p>
          <p className="[overflow-wrap:anywhere]">{post.quote.excerpt}</p>
        </blockquote>
      ) : null}
      {post.html ? (
        <div
          className="forum-post-body mt-3 space-y-2 text-stone-800 [overflow-wrap:anywhere] [&_a]:text-brand-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-stone-200 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-stone-100 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6"
          // Drawn on the server from the Markdown subset (html: false) and sanitized there.
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      ) : null}
      {post.product ? (
        <div className="mt-3">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500">
            {t('forum.post.product')}
          </p>
          <Link
            to={post.product.url}
            className="mt-1 inline-flex max-w-full items-center gap-3 rounded-xl border border-stone-200 p-2 pr-4 hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {post.product.thumbnail ? (
              <img
                src={post.product.thumbnail}
                alt=""
                width={64}
                height={64}
                className="size-16 rounded-lg object-contain"
              />
            ) : null}
            <span className="font-medium text-stone-900 [overflow-wrap:anywhere]">
              {post.product.name}
            </span>
          </Link>
        </div>
      ) : null}
      {post.images.length > 0 ? (
        <ul aria-label={t('forum.post.images')} className="mt-3 flex flex-wrap gap-2">
          {post.images.map((image, index) => (
            <li key={image.url}>
              <a
                href={image.url}
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <img
                  src={image.thumbnailUrl}
                  alt={t('forum.post.image', { number: index + 1, name })}
                  loading="lazy"
                  className="h-32 w-auto max-w-full rounded-lg border border-stone-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {quoteUrl || tools ? (
        <footer className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          {quoteUrl ? (
            <Link
              to={quoteUrl}
              preventScrollReset
              aria-label={t('forum.post.quoteLabel', { name })}
              className="rounded-lg px-2 py-1 font-medium text-brand-800 underline hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t('forum.post.quote')}
            </Link>
          ) : null}
          {tools}
        </footer>
      ) : null}
    </article>
  )
}
