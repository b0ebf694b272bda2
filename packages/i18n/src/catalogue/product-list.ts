import type { CatalogueSection } from './entry.ts'

/**
 * GET /api/products and the category page's list (issue 5): the server's messages for a bad
 * list request; key prefix 'productList.'. The list's and panel's texts of the seed ('list.*',
 * 'filter.*', 'sort.*') stay in the seed section.
 */
export const productListCatalogue = {
  'productList.categoryNotFound': {
    cs: 'Kategorie nebyla nalezena.',
    en: 'Category not found.',
    hu: 'A kategória nem található.',
    pl: 'Nie znaleziono kategorii.',
    ro: 'Categoria nu a fost găsită.',
    sk: 'Kategória nebola nájdená.',
  },
  'productList.invalidCategory': {
    cs: 'Parametr cid musí být číslo kategorie.',
    en: 'The parameter cid must be a category number.',
    hu: 'A cid paraméternek egy kategória számának kell lennie.',
    pl: 'Parametr cid musi być numerem kategorii.',
    ro: 'Parametrul cid trebuie să fie numărul unei categorii.',
    sk: 'Parameter cid musí byť číslo kategórie.',
  },
  'productList.invalidPage': {
    cs: 'Stránka (parametr p) musí být celé číslo od 1 do {{max}}, nebo rozsah od-do s nejvýše {{span}} stránkami.',
    en: 'The page (parameter p) must be a whole number from 1 to {{max}}, or a range from-to of at most {{span}} pages.',
    hu: 'Az oldalnak (p paraméter) 1 és {{max}} közötti egész számnak, vagy legfeljebb {{span}} oldalas tól-ig tartománynak kell lennie.',
    pl: 'Strona (parametr p) musi być liczbą całkowitą od 1 do {{max}} lub zakresem od-do obejmującym najwyżej {{span}} stron.',
    ro: 'Pagina (parametrul p) trebuie să fie un număr întreg de la 1 la {{max}} sau un interval de-la-până-la de cel mult {{span}} pagini.',
    sk: 'Strana (parameter p) musí byť celé číslo od 1 do {{max}} alebo rozsah od-do s najviac {{span}} stranami.',
  },
  'productList.invalidSort': {
    cs: 'Neznámé řazení „{{value}}“. Možnosti: {{options}}.',
    en: 'Unknown sort "{{value}}". Choose one of: {{options}}.',
    hu: 'Ismeretlen rendezés: „{{value}}”. Lehetőségek: {{options}}.',
    pl: 'Nieznane sortowanie „{{value}}”. Dostępne: {{options}}.',
    ro: 'Sortare necunoscută „{{value}}”. Alegeți una dintre: {{options}}.',
    sk: 'Neznáme radenie „{{value}}“. Možnosti: {{options}}.',
  },
  'productList.priceSortNeedsLogin': {
    cs: 'Řazení podle ceny je dostupné po přihlášení.',
    en: 'Sorting by price is available after logging in.',
    hu: 'Az ár szerinti rendezés bejelentkezés után érhető el.',
    pl: 'Sortowanie według ceny jest dostępne po zalogowaniu.',
    ro: 'Sortarea după preț este disponibilă după autentificare.',
    sk: 'Radenie podľa ceny je dostupné po prihlásení.',
  },
  'productList.invalidLimit': {
    cs: 'Počet produktů na stránku musí být jeden z: {{options}}.',
    en: 'Products per page must be one of: {{options}}.',
    hu: 'Az oldalankénti termékszám csak ezek egyike lehet: {{options}}.',
    pl: 'Liczba produktów na stronie musi być jedną z: {{options}}.',
    ro: 'Numărul de produse pe pagină trebuie să fie unul dintre: {{options}}.',
    sk: 'Počet produktov na stránku musí byť jeden z: {{options}}.',
  },
  'productList.invalidSearchIn': {
    cs: 'Parametr searchin může mít jen hodnotu „all“ nebo „category“.',
    en: 'The parameter searchin may only be "all" or "category".',
    hu: 'A searchin paraméter értéke csak „all” vagy „category” lehet.',
    pl: 'Parametr searchin może mieć tylko wartość „all” lub „category”.',
    ro: 'Parametrul searchin poate fi doar „all” sau „category”.',
    sk: 'Parameter searchin môže mať iba hodnotu „all“ alebo „category“.',
  },
  'productList.unknownParameter': {
    cs: 'Neznámý parametr „{{name}}“: tato kategorie takový filtr nemá.',
    en: 'Unknown parameter "{{name}}": this category has no such filter.',
    hu: 'Ismeretlen paraméter: „{{name}}” – ennek a kategóriának nincs ilyen szűrője.',
    pl: 'Nieznany parametr „{{name}}”: ta kategoria nie ma takiego filtra.',
    ro: 'Parametru necunoscut „{{name}}”: această categorie nu are un astfel de filtru.',
    sk: 'Neznámy parameter „{{name}}“: táto kategória taký filter nemá.',
  },
  'productList.invalidRange': {
    cs: 'Filtr „{{name}}“ očekává rozsah min_max, kde min není větší než max.',
    en: 'The filter "{{name}}" expects a range min_max with min not greater than max.',
    hu: 'A(z) „{{name}}” szűrő min_max tartományt vár, ahol a min nem nagyobb a max értéknél.',
    pl: 'Filtr „{{name}}” oczekuje zakresu min_max, w którym min nie jest większe niż max.',
    ro: 'Filtrul „{{name}}” așteaptă un interval min_max în care min nu este mai mare decât max.',
    sk: 'Filter „{{name}}“ očakáva rozsah min_max, kde min nie je väčšie ako max.',
  },
} as const satisfies CatalogueSection
