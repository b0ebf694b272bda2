import type { DocumentPage } from '@optika/domain/cms/document-page'
import type { ResolvedEditable, ResolvedLink } from '@optika/domain/cms/resolved-content'

export interface HomeHero {
  readonly title: string
  readonly text: string
  readonly link: ResolvedLink | null
}

function textOf(editable: ResolvedEditable | undefined): string {
  return editable?.type === 'input' || editable?.type === 'textarea' ? editable.text.trim() : ''
}

/**
 * The home page's hero from its language root document (template `home`); without that page
 * (deleted, unpublished) the shop's own texts, so the home page never breaks.
 */
export function homeHeroOf(page: DocumentPage | null, t: (key: string) => string): HomeHero {
  if (!page || page.template !== 'home') {
    return {
      title: t('shop.home.heroTitle'),
      text: t('shop.home.heroText'),
      link: {
        href: '#categories',
        text: t('shop.home.heroCta'),
        title: '',
        newWindow: false,
        external: true,
      },
    }
  }
  const { editables } = page.content
  const link = editables.heroLink?.type === 'link' ? editables.heroLink.link : null
  return {
    title: textOf(editables.heroTitle) || page.heading,
    text: textOf(editables.heroText),
    link: link && link.href ? link : null,
  }
}
