import { Link } from 'react-router'
import type {
  ResolvedEditable,
  ResolvedEditables,
  ResolvedProductTile,
} from '@optika/domain/cms/resolved-content'
import { ProductGrid } from '../../components/product-grid.tsx'
import { useTranslation } from '../../i18n/i18n-provider.tsx'
import { tilePrice } from '../catalogue/product-list/tile-price.tsx'
import { AreaBlock, type BrickContext } from './bricks/brick-view.tsx'
import { DocumentVideo } from './bricks/video-brick.tsx'
import { DocumentContent } from './document-content.tsx'
import { DocumentImage } from './document-image.tsx'
import { DocumentLink } from './document-link.tsx'
import { RichText } from './rich-text.tsx'

/** A date editable in the page's language (dates are stored as YYYY-MM-DD). */
export function DocumentDate({ value, className = '' }: { value: string; className?: string }) {
  const { locale } = useTranslation()
  const date = new Date(`${value}T12:00:00Z`)
  if (Number.isNaN(date.getTime())) return null
  return (
    <time dateTime={value} className={className}>
      {new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)}
    </time>
  )
}

/** Product tiles of a relation or a renderlet, priced for signed-in viewers. */
export function DocumentProducts({
  products,
  signedIn,
}: {
  products: readonly ResolvedProductTile[]
  signedIn: boolean
}) {
  if (products.length === 0) return null
  return <ProductGrid products={products} renderPrice={tilePrice(signedIn)} />
}

/**
 * Any editable, drawn plainly by its type: what a template without its own layout shows, and
 * what a block's items are made of.
 */
export function EditableView({
  editable,
  context,
}: {
  editable: ResolvedEditable
  context: BrickContext
}) {
  const { t } = useTranslation()
  switch (editable.type) {
    case 'input':
    case 'select':
      return editable.text ? <p className="text-stone-800">{editable.text}</p> : null
    case 'textarea':
      return editable.text ? (
        <p className="whitespace-pre-line text-stone-700">{editable.text}</p>
      ) : null
    case 'wysiwyg':
      return <RichText html={editable.html} />
    case 'checkbox':
      // A switch of the template (e.g. "show the form"): it changes the layout, shows nothing.
      return null
    case 'numeric':
      return editable.value === null ? null : <p className="text-stone-800">{editable.value}</p>
    case 'date':
      return editable.value ? (
        <p className="text-sm text-stone-600">
          <DocumentDate value={editable.value} />
        </p>
      ) : null
    case 'image':
      return editable.image ? (
        <DocumentImage image={editable.image} className="w-full rounded-2xl" />
      ) : null
    case 'link':
      return editable.link ? (
        <p>
          <DocumentLink
            link={editable.link}
            className="font-medium text-brand-700 underline underline-offset-2"
          />
        </p>
      ) : null
    case 'relation':
    case 'relations': {
      if (editable.products.length > 0)
        return <DocumentProducts products={editable.products} signedIn={context.signedIn} />
      const linked = editable.items.filter((item) => item.href !== null)
      if (linked.length === 0) return null
      return (
        <ul className="list-disc space-y-1 pl-6">
          {linked.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <Link to={item.href ?? ''} className="text-brand-700 underline underline-offset-2">
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      )
    }
    case 'video':
      return editable.video ? <DocumentVideo video={editable.video} caption="" /> : null
    case 'block':
      return editable.items.length === 0 ? null : (
        <div className="space-y-6">
          {editable.items.map((item, index) => (
            <EditablesView key={index} editables={item} context={context} />
          ))}
        </div>
      )
    case 'areablock':
      return <AreaBlock bricks={editable.bricks} context={context} />
    case 'snippet':
      return editable.content ? (
        <DocumentContent content={editable.content} documentId={context.documentId} embedded />
      ) : null
    case 'renderlet':
      return editable.products.length === 0 ? null : (
        <div>
          <DocumentProducts products={editable.products} signedIn={context.signedIn} />
          {editable.moreHref ? (
            <p className="mt-5">
              <Link
                to={editable.moreHref}
                className="inline-flex h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-medium text-stone-800 hover:bg-stone-100"
              >
                {t('cmsBricks.renderlet.showAll', { category: editable.categoryName })}
              </Link>
            </p>
          ) : null}
        </div>
      )
  }
}

/** Every editable of a map in its stored order. */
export function EditablesView({
  editables,
  context,
}: {
  editables: ResolvedEditables
  context: BrickContext
}) {
  return (
    <div className="space-y-6">
      {Object.entries(editables).map(([name, editable]) => (
        <EditableView key={name} editable={editable} context={context} />
      ))}
    </div>
  )
}
