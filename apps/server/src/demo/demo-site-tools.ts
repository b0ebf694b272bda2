import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { Db } from '../platform/db/client.ts'
import { glossaryTerms, staticRoutes } from '../platform/db/schema/site-tools.ts'
import { articleUrl } from '../community/articles/articles-service.ts'
import type { PlannedNode } from './plan-demo-catalogue.ts'
import { DEMO_ARTICLES } from './demo-articles.ts'

/** "Polarization" as the demo articles write it, linked to the article that explains it. */
const POLARIZATION: Readonly<Record<Locale, string>> = {
  cs: 'polarizace',
  en: 'polarization',
  hu: 'polarizáció',
  pl: 'polaryzacja',
  ro: 'polarizarea',
  sk: 'polarizácia',
}

/** What UV400 means, for the abbreviation's title. */
const UV400: Readonly<Record<Locale, string>> = {
  cs: 'Filtr, který zachytí veškeré UV záření s vlnovou délkou do 400 nm',
  en: 'A filter that blocks all UV light with wavelengths up to 400 nm',
  hu: 'Szűrő, amely a 400 nm-ig terjedő hullámhosszú UV-sugárzást teljesen kiszűri',
  pl: 'Filtr zatrzymujący całe promieniowanie UV o długości fali do 400 nm',
  ro: 'Filtru care oprește toată radiația UV cu lungimea de undă de până la 400 nm',
  sk: 'Filter, ktorý zachytí všetko UV žiarenie s vlnovou dĺžkou do 400 nm',
}

/**
 * A brand static route (`/{locale}/brand/{brand}` lists the frames of that brand, e.g.
 * `/en/brand/Vistara`) and glossary terms in the six languages: UV400 as an abbreviation, and
 * "polarization" linked to the article about polarized lenses (issue 19).
 */
export async function insertDemoSiteTools(db: Db, nodes: readonly PlannedNode[]): Promise<void> {
  const frames = nodes.find((n) => n.classId === 'Category' && n.key === 'frames')
  if (frames) {
    await db.insert(staticRoutes).values({
      name: 'brand',
      syntax: 'simple',
      pattern: '/{locale}/brand/{brand}',
      reverse: '/{locale}/brand/{brand}',
      targetType: 'productListing',
      target: `cid=${frames.id}&brand={brand}`,
      priority: 10,
    })
  }
  const polarized = DEMO_ARTICLES.find((a) => a.key === 'polarized-lenses')
  const article = nodes.find((n) => n.classId === 'Article' && n.key === 'polarized-lenses')
  await db.insert(glossaryTerms).values(
    LOCALES.flatMap((locale) => [
      { text: 'UV400', language: locale, abbr: UV400[locale], caseSensitive: true },
      ...(polarized && article
        ? [
            {
              text: POLARIZATION[locale],
              language: locale,
              link: articleUrl(locale, article.id, polarized.title[locale] ?? polarized.key),
            },
          ]
        : []),
    ]),
  )
}
