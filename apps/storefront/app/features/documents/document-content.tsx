import { useId } from 'react'
import type { ResolvedContent, ResolvedEditables } from '@optika/domain/cms/resolved-content'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { DocumentBenefits } from './document-benefits.tsx'
import { pick, textOf } from './pick-editable.ts'
import { AreaBlock, type BrickContext } from './bricks/brick-view.tsx'
import { DocumentImage } from './document-image.tsx'
import { DocumentLink } from './document-link.tsx'
import { DocumentDate, DocumentProducts, EditablesView } from './editable-view.tsx'
import { RichText } from './rich-text.tsx'

const CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8'

/**
 * A page's hero (landing and home templates): the title as the page's h1, the text, a call to
 * action and the picture.
 */
export function DocumentHero({
  editables,
  titleAs: Title = 'h1',
  fallbackTitle = '',
}: {
  editables: ResolvedEditables
  /** h2 when the page draws its own h1 (an embedded document). */
  titleAs?: 'h1' | 'h2'
  /** The page's title, when the hero's is empty: a page never lacks its h1. */
  fallbackTitle?: string
}) {
  const title = textOf(editables, 'heroTitle') || fallbackTitle.trim()
  const text = textOf(editables, 'heroText')
  const link = pick(editables, 'heroLink', 'link')?.link ?? null
  const image = pick(editables, 'heroImage', 'image')?.image ?? null
  if (!title && !text && !image) return null
  return (
    <section
      data-document-part="hero"
      className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-white"
    >
      <div
        className={`${CONTAINER} grid items-center gap-8 py-10 md:grid-cols-2 md:py-14 lg:gap-16`}
      >
        <div className="min-w-0">
          {title ? (
            <Title className="text-3xl font-semibold tracking-tight text-balance break-words text-stone-900 sm:text-5xl">
              {title}
            </Title>
          ) : null}
          {text ? (
            <p className="mt-5 max-w-xl text-lg leading-relaxed whitespace-pre-line text-pretty text-stone-600">
              {text}
            </p>
          ) : null}
          {link ? (
            <DocumentLink
              link={link}
              className="mt-8 inline-flex min-h-12 items-center rounded-full bg-brand-700 px-7 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
            />
          ) : null}
        </div>
        {image ? (
          <DocumentImage
            image={image}
            eager
            sizes="(min-width: 768px) 50vw, 100vw"
            className="w-full rounded-[2rem] object-cover shadow-xl shadow-brand-900/10"
          />
        ) : null}
      </div>
    </section>
  )
}

/** The links of a navigation snippet (e.g. the footer's), as a list inside a named nav. */
export function NavigationLinks({
  editables,
  label,
  className = '',
  linkClassName = 'text-stone-700 underline-offset-2 hover:text-brand-700 hover:underline',
}: {
  editables: ResolvedEditables
  /** The landmark's name (several navigations on one page must differ). */
  label: string
  className?: string
  linkClassName?: string
}) {
  const items = (pick(editables, 'links', 'block')?.items ?? []).flatMap((item) => {
    const link = pick(item, 'link', 'link')?.link
    return link ? [link] : []
  })
  if (items.length === 0) return null
  return (
    <nav aria-label={label} data-document-part="navigation">
      <ul className={className || 'flex flex-wrap gap-x-6 gap-y-2 text-sm'}>
        {items.map((link, index) => (
          <li key={`${link.href}-${index}`}>
            <DocumentLink link={link} className={linkClassName} />
          </li>
        ))}
      </ul>
    </nav>
  )
}

function PageHeading({ text }: { text: string }) {
  return text ? (
    <h1 className="text-3xl font-semibold tracking-tight text-balance break-words text-stone-900 sm:text-4xl">
      {text}
    </h1>
  ) : null
}

function Article({
  editables,
  context,
  title,
  embedded,
}: {
  editables: ResolvedEditables
  context: BrickContext
  title: string
  embedded: boolean
}) {
  const { t } = useTranslation()
  const relatedHeading = useId()
  const date = pick(editables, 'date', 'date')?.value ?? null
  const perex = textOf(editables, 'perex')
  const image = pick(editables, 'image', 'image')?.image ?? null
  const body = pick(editables, 'body', 'wysiwyg')?.html ?? ''
  const related = pick(editables, 'related', 'relations', 'relation')?.products ?? []
  return (
    <article data-template="article" className={embedded ? '' : `${CONTAINER} py-10`}>
      <div className={embedded ? 'max-w-3xl' : 'mx-auto max-w-3xl'}>
        {embedded ? null : <PageHeading text={textOf(editables, 'headline') || title} />}
        {date ? <DocumentDate value={date} className="mt-3 block text-sm text-stone-600" /> : null}
        {perex ? (
          <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-stone-700">{perex}</p>
        ) : null}
        {image ? (
          <DocumentImage
            image={image}
            eager
            sizes="(min-width: 768px) 48rem, 100vw"
            className="mt-8 w-full rounded-2xl"
          />
        ) : null}
        <RichText html={body} className="mt-8" />
      </div>
      {related.length > 0 ? (
        <section aria-labelledby={relatedHeading} className="mt-16">
          <h2
            id={relatedHeading}
            className="mb-5 text-2xl font-semibold tracking-tight text-stone-900"
          >
            {t('cmsBricks.relatedProducts')}
          </h2>
          <DocumentProducts products={related} signedIn={context.signedIn} />
        </section>
      ) : null}
    </article>
  )
}

/**
 * A document's content as the storefront draws it, by its template: the hero, headline, area
 * bricks, article, navigation or e-mail body; a template without its own layout draws every
 * editable plainly. Server-rendered; only the gallery's lightbox and the contact form use
 * JavaScript. `embedded` leaves out the page's container and its h1 (a snippet inside a page,
 * or a route that draws its own heading, breadcrumbs and navigation around the content).
 */
export function DocumentContent({
  content,
  template = content.template,
  documentId = null,
  title = '',
  embedded = false,
}: {
  content: ResolvedContent
  /** Defaults to the content's own template. */
  template?: string
  /** The document shown (named in contact-form mails). */
  documentId?: number | null
  /** The page's title: the heading when the template's headline is empty. */
  title?: string
  embedded?: boolean
}) {
  const { t } = useTranslation()
  const editables = content.editables
  const context: BrickContext = { signedIn: content.signedIn, documentId }
  const area = pick(editables, 'content', 'areablock')?.bricks ?? []
  const wrap = (children: React.ReactNode) =>
    embedded ? (
      <div data-template={template}>{children}</div>
    ) : (
      <div data-template={template} className={`${CONTAINER} py-10`}>
        {children}
      </div>
    )
  switch (template) {
    case 'content':
      return wrap(
        <div className="space-y-10">
          {embedded ? null : <PageHeading text={textOf(editables, 'headline') || title} />}
          <AreaBlock bricks={area} context={context} />
        </div>,
      )
    case 'content-snippet':
      return wrap(<AreaBlock bricks={area} context={context} />)
    case 'landing':
      return (
        <div data-template="landing">
          <DocumentHero
            editables={editables}
            titleAs={embedded ? 'h2' : 'h1'}
            fallbackTitle={embedded ? '' : title}
          />
          <div className={embedded ? 'pt-10' : `${CONTAINER} py-10 sm:py-14`}>
            <AreaBlock bricks={area} context={context} />
          </div>
        </div>
      )
    case 'home':
      return (
        <div data-template="home">
          <DocumentHero
            editables={editables}
            titleAs={embedded ? 'h2' : 'h1'}
            fallbackTitle={embedded ? '' : title}
          />
          <div className={embedded ? 'pt-10' : `${CONTAINER} pt-10`}>
            <DocumentBenefits editables={editables} />
          </div>
        </div>
      )
    case 'article':
      return <Article editables={editables} context={context} title={title} embedded={embedded} />
    case 'navigation':
      return <NavigationLinks editables={editables} label={title || t('cmsBricks.navigation')} />
    case 'email':
      return wrap(<RichText html={pick(editables, 'body', 'wysiwyg')?.html ?? ''} />)
    default:
      return wrap(<EditablesView editables={editables} context={context} />)
  }
}
