import type { CatalogueSection } from './entry.ts'

/** Galleries and the lightbox (issue 18). */
export const galleriesCatalogue = {
  'galleries.list.intro': {
    cs: 'Fotografie z našich kolekcí, prodejen a akcí.',
    en: 'Photographs from our collections, shops and events.',
    hu: 'Fényképek kollekcióinkból, üzleteinkből és rendezvényeinkről.',
    pl: 'Zdjęcia z naszych kolekcji, salonów i wydarzeń.',
    ro: 'Fotografii din colecțiile, magazinele și evenimentele noastre.',
    sk: 'Fotografie z našich kolekcií, predajní a podujatí.',
  },
  'galleries.list.pictureCount': {
    cs: 'Počet fotografií: {{count}}',
    en: 'Photographs: {{count}}',
    hu: 'Fényképek: {{count}}',
    pl: 'Liczba zdjęć: {{count}}',
    ro: 'Fotografii: {{count}}',
    sk: 'Počet fotografií: {{count}}',
  },
  'galleries.album.pictures': {
    cs: 'Fotografie alba',
    en: 'Photographs of the album',
    hu: 'Az album fényképei',
    pl: 'Zdjęcia w albumie',
    ro: 'Fotografiile albumului',
    sk: 'Fotografie albumu',
  },
  'galleries.album.empty': {
    cs: 'V tomto albu zatím nejsou žádné fotografie.',
    en: 'There are no photographs in this album yet.',
    hu: 'Ebben az albumban még nincsenek fényképek.',
    pl: 'W tym albumie nie ma jeszcze zdjęć.',
    ro: 'Acest album nu are încă fotografii.',
    sk: 'V tomto albume zatiaľ nie sú žiadne fotografie.',
  },
  'galleries.album.open': {
    cs: 'Zvětšit fotografii {{number}} z {{total}}: {{caption}}',
    en: 'Enlarge photograph {{number}} of {{total}}: {{caption}}',
    hu: '{{total}} fényképből a(z) {{number}}. nagyítása: {{caption}}',
    pl: 'Powiększ zdjęcie {{number}} z {{total}}: {{caption}}',
    ro: 'Mărește fotografia {{number}} din {{total}}: {{caption}}',
    sk: 'Zväčšiť fotografiu {{number}} z {{total}}: {{caption}}',
  },
  'galleries.album.openNumber': {
    cs: 'Zvětšit fotografii {{number}} z {{total}}',
    en: 'Enlarge photograph {{number}} of {{total}}',
    hu: '{{total}} fényképből a(z) {{number}}. nagyítása',
    pl: 'Powiększ zdjęcie {{number}} z {{total}}',
    ro: 'Mărește fotografia {{number}} din {{total}}',
    sk: 'Zväčšiť fotografiu {{number}} z {{total}}',
  },
  'galleries.album.fallbackTitle': {
    cs: 'Album bez názvu',
    en: 'Untitled album',
    hu: 'Cím nélküli album',
    pl: 'Album bez tytułu',
    ro: 'Album fără titlu',
    sk: 'Album bez názvu',
  },
  'galleries.preview.notice': {
    cs: 'Náhled: tato galerie není zveřejněná, zákazníci ji nevidí.',
    en: 'Preview: this gallery is not published, customers cannot see it.',
    hu: 'Előnézet: ez a galéria nincs közzétéve, a vásárlók nem látják.',
    pl: 'Podgląd: ta galeria nie jest opublikowana, klienci jej nie widzą.',
    ro: 'Previzualizare: această galerie nu este publicată, clienții nu o văd.',
    sk: 'Náhľad: táto galéria nie je zverejnená, zákazníci ju nevidia.',
  },
} as const satisfies CatalogueSection
