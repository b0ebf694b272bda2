import type { CatalogueSection } from './entry.ts'

/** Image and video thumbnail configurations, predefined properties and asset metadata definitions (issue 19). */
export const thumbnailSettingsCatalogue = {
  'thumbnailSettings.tab.images': {
    cs: 'Náhledy obrázků',
    en: 'Image thumbnails',
    hu: 'Képek bélyegképei',
    pl: 'Miniatury obrazów',
    ro: 'Miniaturi imagini',
    sk: 'Náhľady obrázkov',
  },
  'thumbnailSettings.tab.videos': {
    cs: 'Náhledy videí',
    en: 'Video thumbnails',
    hu: 'Videók bélyegképei',
    pl: 'Miniatury wideo',
    ro: 'Miniaturi video',
    sk: 'Náhľady videí',
  },
  'thumbnailSettings.tab.properties': {
    cs: 'Předdefinované vlastnosti',
    en: 'Predefined properties',
    hu: 'Előre definiált tulajdonságok',
    pl: 'Predefiniowane właściwości',
    ro: 'Proprietăți predefinite',
    sk: 'Preddefinované vlastnosti',
  },
  'thumbnailSettings.tab.metadata': {
    cs: 'Metadata souborů',
    en: 'Asset metadata',
    hu: 'Fájlok metaadatai',
    pl: 'Metadane plików',
    ro: 'Metadatele fișierelor',
    sk: 'Metadáta súborov',
  },
} as const satisfies CatalogueSection
