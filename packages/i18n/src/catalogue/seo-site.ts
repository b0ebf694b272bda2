import type { CatalogueSection } from './entry.ts'

/** robots.txt, the sitemap, the HTTP error log and the SEO panel (issue 19). */
export const seoSiteCatalogue = {
  'seoSite.tab.robots': {
    cs: 'robots.txt a mapa stránek',
    en: 'robots.txt and sitemap',
    hu: 'robots.txt és oldaltérkép',
    pl: 'robots.txt i mapa witryny',
    ro: 'robots.txt și harta site-ului',
    sk: 'robots.txt a mapa stránok',
  },
  'seoSite.tab.httpErrors': {
    cs: 'Chyby HTTP',
    en: 'HTTP errors',
    hu: 'HTTP-hibák',
    pl: 'Błędy HTTP',
    ro: 'Erori HTTP',
    sk: 'Chyby HTTP',
  },
  'seoSite.tab.seoPanel': {
    cs: 'Titulky a popisy',
    en: 'Titles and descriptions',
    hu: 'Címek és leírások',
    pl: 'Tytuły i opisy',
    ro: 'Titluri și descrieri',
    sk: 'Titulky a popisy',
  },
} as const satisfies CatalogueSection
