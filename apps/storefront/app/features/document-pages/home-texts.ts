import type { DocumentPage } from '@optika/domain/cms/document-page'
import type { Editable } from '@optika/domain/cms/editables'

export interface HomeTexts {
  readonly hero: {
    readonly title: string
    readonly text: string
    readonly link: { readonly href: string; readonly text: string } | null
  }
  readonly benefits: readonly {
    readonly icon: string
    readonly title: string
    readonly text: string
  }[]
}

function textOf(editable: Editable | undefined): string {
  return editable?.type === 'input' || editable?.type === 'textarea' || editable?.type === 'select'
    ? editable.data.trim()
    : ''
}

/** Paths of this shop and http(s) addresses; a link to anything else is not drawn. */
function isSafeHref(href: string): boolean {
  if (href.startsWith('/')) return !href.startsWith('//')
  return /^https?:\/\/\S+$/i.test(href)
}

/**
 * The home page's hero and benefit tiles from its language root document (template `home`);
 * without that page (deleted, unpublished) the shop's own texts, so the home page never breaks.
 */
export function homeTextsOf(page: DocumentPage | null, t: (key: string) => string): HomeTexts {
  if (!page || page.template !== 'home') {
    return {
      hero: {
        title: t('shop.home.heroTitle'),
        text: t('shop.home.heroText'),
        link: { href: '#categories', text: t('shop.home.heroCta') },
      },
      benefits: [
        { icon: 'truck', title: '', text: t('shipping.forwardingFromGermany') },
        { icon: 'glasses', title: '', text: t('shop.home.benefitParts') },
        { icon: 'star', title: '', text: t('shop.home.benefitPartners') },
      ],
    }
  }
  const { editables } = page
  const link = editables.heroLink?.type === 'link' ? editables.heroLink.data : null
  const href = link?.href?.trim() ?? ''
  const benefits = editables.benefits?.type === 'block' ? editables.benefits.data : []
  return {
    hero: {
      title: textOf(editables.heroTitle) || page.heading,
      text: textOf(editables.heroText),
      link: link && href && isSafeHref(href) ? { href, text: link.text || href } : null,
    },
    benefits: benefits
      .map((item) => ({
        icon: textOf(item.icon),
        title: textOf(item.title),
        text: textOf(item.text),
      }))
      .filter((b) => b.title || b.text),
  }
}
