import { eq } from 'drizzle-orm'
import type { EditableMap } from '@optika/domain/cms/editables'
import { targetGroupEditableName } from '@optika/domain/operations/targeting'
import { LOCALES, type Locale } from '@optika/i18n/locales'
import type { Db } from '../platform/db/client.ts'
import { documents } from '../platform/db/schema/documents.ts'
import { targetingRules, targetingTargetGroups } from '../platform/db/schema/targeting.ts'
import { findDocumentByPath } from '../cms/render/document-rows.ts'

/** The Slovak home page's hero for Slovak visitors (demo content, in Slovak). */
const SLOVAK_HERO = {
  title: 'Vitajte, susedia zo Slovenska!',
  text: 'Doprava na Slovensko do troch pracovných dní, ceny v eurách a poradenstvo v slovenčine.',
}

/** The partner banner opticians see in the home page's hero, in each language. */
const PARTNER_HERO: Record<Locale, { title: string; text: string }> = {
  cs: {
    title: 'Partnerská nabídka pro optiky',
    text: 'Vaše ceníková cena je u každého produktu. Objednávejte na fakturu, náhradní díly máme skladem.',
  },
  en: {
    title: 'Partner offer for opticians',
    text: 'Your price list prices are on every product. Order on invoice; spare parts are in stock.',
  },
  hu: {
    title: 'Partnerajánlat optikusoknak',
    text: 'Minden terméknél az Ön árlistája szerinti ár látható. Rendeljen számlára, az alkatrészek raktáron vannak.',
  },
  pl: {
    title: 'Oferta partnerska dla optyków',
    text: 'Przy każdym produkcie widzisz ceny ze swojego cennika. Zamawiaj na fakturę, części zamienne mamy w magazynie.',
  },
  ro: {
    title: 'Ofertă pentru optici parteneri',
    text: 'La fiecare produs vedeți prețurile din lista dumneavoastră. Comandați cu factură; piesele de schimb sunt în stoc.',
  },
  sk: {
    title: 'Partnerská ponuka pre optikov',
    text: 'Pri každom produkte vidíte cenu z vášho cenníka. Objednávajte na faktúru, náhradné diely máme na sklade.',
  },
}

/**
 * Personalization's demo (issue 20): target groups "Slovak visitors" and "Opticians", their rules
 * (language sk or country SK; a partner signed in) and the home pages' hero variants — a different
 * hero on `/sk` for Slovak visitors, a partner banner for opticians in every language. `db` is the
 * seed's transaction; the language roots exist already (default documents come first).
 */
export async function insertDemoTargeting(db: Db): Promise<void> {
  const [slovak, opticians] = await db
    .insert(targetingTargetGroups)
    .values([
      {
        name: 'Slovak visitors',
        description: 'Browsers preferring Slovak, or shopping in Slovakia.',
      },
      { name: 'Opticians', description: 'Signed-in partners (opticians).' },
    ])
    .returning({ id: targetingTargetGroups.id })
  if (!slovak || !opticians) return
  await db.insert(targetingRules).values([
    {
      name: 'Slovak visitors',
      description: 'Language sk or country SK: the Slovak hero on /sk.',
      priority: 1,
      conditions: [
        {
          type: 'language',
          operator: 'and',
          bracketLeft: false,
          bracketRight: false,
          languages: ['sk'],
        },
        {
          type: 'country',
          operator: 'or',
          bracketLeft: false,
          bracketRight: false,
          countries: ['SK'],
        },
      ],
      actions: { assignTargetGroup: { targetGroupId: slovak.id, weight: 1 }, redirect: null },
    },
    {
      name: 'Opticians',
      description: 'A partner signed in: the partner banner on the home pages.',
      priority: 2,
      conditions: [
        {
          type: 'visitorKind',
          operator: 'and',
          bracketLeft: false,
          bracketRight: false,
          kind: 'partner',
        },
      ],
      // Heavier than the Slovak group: a Slovak optician sees the partner banner.
      actions: { assignTargetGroup: { targetGroupId: opticians.id, weight: 5 }, redirect: null },
    },
  ])
  for (const locale of LOCALES) {
    const home = await findDocumentByPath(db, `/${locale}`)
    if (!home) continue
    const variants: Record<string, EditableMap[string]> = {
      [targetGroupEditableName(opticians.id, 'heroTitle')]: {
        type: 'input',
        data: PARTNER_HERO[locale].title,
      },
      [targetGroupEditableName(opticians.id, 'heroText')]: {
        type: 'textarea',
        data: PARTNER_HERO[locale].text,
      },
    }
    if (locale === 'sk') {
      variants[targetGroupEditableName(slovak.id, 'heroTitle')] = {
        type: 'input',
        data: SLOVAK_HERO.title,
      }
      variants[targetGroupEditableName(slovak.id, 'heroText')] = {
        type: 'textarea',
        data: SLOVAK_HERO.text,
      }
    }
    await db
      .update(documents)
      .set({ editables: { ...(home.editables as EditableMap), ...variants } })
      .where(eq(documents.id, home.id))
  }
}
