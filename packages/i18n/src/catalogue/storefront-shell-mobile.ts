import type { CatalogueSection } from './entry.ts'

/** Storefront shell on phones: header, page focus, picture zoom (issue 21). */
export const storefrontShellMobileCatalogue = {
  'storefrontShellMobile.zoom.position': {
    cs: 'Obrázek {{number}} z {{total}}',
    en: 'Picture {{number}} of {{total}}',
    hu: '{{number}}. kép / {{total}}',
    pl: 'Zdjęcie {{number}} z {{total}}',
    ro: 'Imaginea {{number}} din {{total}}',
    sk: 'Obrázok {{number}} z {{total}}',
  },
  'storefrontShellMobile.zoom.previous': {
    cs: 'Předchozí obrázek',
    en: 'Previous picture',
    hu: 'Előző kép',
    pl: 'Poprzednie zdjęcie',
    ro: 'Imaginea anterioară',
    sk: 'Predchádzajúci obrázok',
  },
  'storefrontShellMobile.zoom.next': {
    cs: 'Další obrázek',
    en: 'Next picture',
    hu: 'Következő kép',
    pl: 'Następne zdjęcie',
    ro: 'Imaginea următoare',
    sk: 'Ďalší obrázok',
  },
  'storefrontShellMobile.zoom.in': {
    cs: 'Přiblížit',
    en: 'Zoom in',
    hu: 'Nagyítás',
    pl: 'Powiększ',
    ro: 'Mărește',
    sk: 'Priblížiť',
  },
  'storefrontShellMobile.zoom.out': {
    cs: 'Oddálit',
    en: 'Zoom out',
    hu: 'Kicsinyítés',
    pl: 'Pomniejsz',
    ro: 'Micșorează',
    sk: 'Oddialiť',
  },
  'storefrontShellMobile.zoom.level': {
    cs: 'Přiblížení {{percent}} %',
    en: 'Zoom {{percent}}%',
    hu: 'Nagyítás: {{percent}}%',
    pl: 'Powiększenie {{percent}}%',
    ro: 'Mărire {{percent}}%',
    sk: 'Priblíženie {{percent}} %',
  },
  'storefrontShellMobile.zoom.hint': {
    cs: 'Přiblížíte klávesami plus a minus, roztažením dvěma prsty nebo dvojitým klepnutím; přiblížený obrázek posunete tažením. Šipky doleva a doprava přepínají obrázky, Escape zavře.',
    en: 'Zoom with the plus and minus keys, by spreading two fingers or by double-tapping; drag a zoomed picture to move it. The left and right arrow keys switch pictures, Escape closes.',
    hu: 'Nagyítani a plusz és mínusz billentyűvel, két ujj széthúzásával vagy dupla koppintással lehet; a nagyított képet húzással mozgathatja. A bal és jobb nyílbillentyű képet vált, az Escape bezár.',
    pl: 'Powiększasz klawiszami plus i minus, rozsuwając dwa palce lub stukając dwukrotnie; powiększone zdjęcie przesuwasz, przeciągając je. Strzałki w lewo i w prawo przełączają zdjęcia, Escape zamyka.',
    ro: 'Măriți cu tastele plus și minus, depărtând două degete sau atingând de două ori; trageți imaginea mărită pentru a o muta. Săgețile stânga și dreapta schimbă imaginile, Escape închide.',
    sk: 'Priblížite klávesmi plus a mínus, roztiahnutím dvoma prstami alebo dvojitým ťuknutím; priblížený obrázok posuniete ťahaním. Šípky doľava a doprava prepínajú obrázky, Escape zatvorí.',
  },
} as const satisfies CatalogueSection
