import { Link } from 'react-router'
import type { ArticleSummary } from '@optika/domain/community/article-api'
import { GlassesIcon } from '../../components/icons.tsx'
import { ArticleByline } from './article-byline.tsx'

/** An article in the list: picture, title (the link), date, author, category and perex. */
export function ArticleCard({ article, eager }: { article: ArticleSummary; eager: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white focus-within:border-stone-400 hover:shadow-lg hover:shadow-stone-900/5">
      <div className="grid aspect-[16/9] place-items-center overflow-hidden bg-stone-50">
        {article.picture ? (
          <img
            src={article.picture.url}
            width={article.picture.width}
            height={article.picture.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-contain p-4 mix-blend-multiply"
          />
        ) : (
          <GlassesIcon className="size-12 text-stone-300" aria-hidden="true" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-lg leading-snug font-semibold text-stone-900">
          {/* The whole card is the link's target area; the title is its name. */}
          <Link
            to={article.url}
            className="rounded [overflow-wrap:anywhere] after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800"
          >
            {article.title}
          </Link>
        </h2>
        <ArticleByline article={article} />
        {article.perex ? (
          <p className="text-sm leading-relaxed text-stone-700">{article.perex}</p>
        ) : null}
      </div>
    </article>
  )
}
