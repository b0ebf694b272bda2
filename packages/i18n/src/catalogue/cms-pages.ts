import type { CatalogueSection } from './entry.ts'

/** Documents on the storefront: pages, navigation, breadcrumbs, previews (issue 17). */
export const cmsPagesCatalogue = {
  'cmsPages.contactFormTitle': {
    cs: 'Napište nám',
    en: 'Write to us',
    hu: 'Írjon nekünk',
    pl: 'Napisz do nas',
    ro: 'Scrieți-ne',
    sk: 'Napíšte nám',
  },
  'cmsPages.demoLanding.title': {
    cs: 'Letní kolekce',
    en: 'Summer collection',
    hu: 'Nyári kollekció',
    pl: 'Kolekcja letnia',
    ro: 'Colecția de vară',
    sk: 'Letná kolekcia',
  },
  'cmsPages.demoLanding.text': {
    cs: 'Sluneční brýle a lehké obruby na dlouhé letní dny – vybrané kousky z naší nabídky.',
    en: 'Sunglasses and light frames for long summer days – a selection from our range.',
    hu: 'Napszemüvegek és könnyű keretek a hosszú nyári napokra – válogatás kínálatunkból.',
    pl: 'Okulary przeciwsłoneczne i lekkie oprawki na długie letnie dni – wybór z naszej oferty.',
    ro: 'Ochelari de soare și rame ușoare pentru zilele lungi de vară – o selecție din oferta noastră.',
    sk: 'Slnečné okuliare a ľahké rámy na dlhé letné dni – vybrané kúsky z našej ponuky.',
  },
  'cmsPages.demoLanding.intro': {
    cs: 'Vybrali jsme pro vás modely, které se osvědčily na cestách i ve městě. Všechny odesíláme z centrálního skladu v Německu.',
    en: 'We have picked models that have proved themselves on the road and in town. We ship them all from our central warehouse in Germany.',
    hu: 'Olyan modelleket választottunk, amelyek utazáskor és a városban is beváltak. Mindegyiket németországi központi raktárunkból szállítjuk.',
    pl: 'Wybraliśmy dla Ciebie modele, które sprawdziły się w podróży i w mieście. Wszystkie wysyłamy z centralnego magazynu w Niemczech.',
    ro: 'Am ales pentru dumneavoastră modele care s-au dovedit bune la drum și în oraș. Le expediem pe toate din depozitul central din Germania.',
    sk: 'Vybrali sme pre vás modely, ktoré sa osvedčili na cestách aj v meste. Všetky odosielame z centrálneho skladu v Nemecku.',
  },
  'cmsPages.preview.banner': {
    cs: 'Náhled pro redaktory: stránku vidíte tak, jak ji máte rozpracovanou. Návštěvníci ji takto nevidí.',
    en: 'Editor preview: you see the page as you are editing it. Visitors do not see it like this.',
    hu: 'Szerkesztői előnézet: az oldalt a szerkesztés alatti állapotában látja. A látogatók nem így látják.',
    pl: 'Podgląd dla redaktorów: widzisz stronę w wersji, którą edytujesz. Odwiedzający nie widzą jej w tej postaci.',
    ro: 'Previzualizare pentru editori: vedeți pagina așa cum o editați. Vizitatorii nu o văd astfel.',
    sk: 'Náhľad pre redaktorov: stránku vidíte tak, ako ju máte rozpracovanú. Návštevníci ju takto nevidia.',
  },
  'cmsPages.navigation.label': {
    cs: 'Další stránky',
    en: 'More pages',
    hu: 'További oldalak',
    pl: 'Więcej stron',
    ro: 'Alte pagini',
    sk: 'Ďalšie stránky',
  },
  'cmsPages.children.label': {
    cs: 'Stránky v této sekci',
    en: 'Pages in this section',
    hu: 'Oldalak ebben a részben',
    pl: 'Strony w tej sekcji',
    ro: 'Pagini din această secțiune',
    sk: 'Stránky v tejto sekcii',
  },
} as const satisfies CatalogueSection
