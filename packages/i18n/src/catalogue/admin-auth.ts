import type { CatalogueSection } from './entry.ts'

/** Texts the back-office sign-in sends from the server (mail, errors beyond the seed's). */
export const adminAuthCatalogue = {
  'adminAuth.resetMail.subject': {
    cs: 'Obnovení hesla do administrace',
    en: 'Reset your back-office password',
    hu: 'Adminisztrációs jelszó visszaállítása',
    pl: 'Resetowanie hasła do panelu administracyjnego',
    ro: 'Resetarea parolei pentru administrare',
    sk: 'Obnovenie hesla do administrácie',
  },
  'adminAuth.resetMail.text': {
    cs: 'Dobrý den, {{name}},\n\nnové heslo do administrace si nastavíte na tomto odkazu:\n{{link}}\n\nOdkaz platí {{minutes}} minut a lze jej použít jen jednou. Pokud jste o obnovení hesla nežádali, tento e-mail ignorujte.',
    en: 'Hello {{name}},\n\nset a new back-office password at this link:\n{{link}}\n\nThe link works for {{minutes}} minutes and only once. If you did not ask to reset your password, ignore this e-mail.',
    hu: 'Kedves {{name}}!\n\nAz új adminisztrációs jelszót ezen a linken állíthatja be:\n{{link}}\n\nA link {{minutes}} percig érvényes, és csak egyszer használható. Ha nem kérte a jelszó visszaállítását, hagyja figyelmen kívül ezt az e-mailt.',
    pl: 'Dzień dobry, {{name}},\n\nnowe hasło do panelu administracyjnego ustawisz pod tym linkiem:\n{{link}}\n\nLink jest ważny przez {{minutes}} minut i można go użyć tylko raz. Jeśli nie prosiłeś o zresetowanie hasła, zignoruj tę wiadomość.',
    ro: 'Bună ziua, {{name}},\n\nsetați o parolă nouă pentru administrare la acest link:\n{{link}}\n\nLinkul este valabil {{minutes}} de minute și poate fi folosit o singură dată. Dacă nu ați cerut resetarea parolei, ignorați acest e-mail.',
    sk: 'Dobrý deň, {{name}},\n\nnové heslo do administrácie si nastavíte na tomto odkaze:\n{{link}}\n\nOdkaz platí {{minutes}} minút a dá sa použiť iba raz. Ak ste o obnovenie hesla nežiadali, tento e-mail ignorujte.',
  },
  'adminAuth.twoFactorAlreadyEnabled': {
    cs: 'Dvoufázové ověření je již zapnuté. Pro nové nastavení je nejprve resetujte.',
    en: 'Two-factor authentication is already on. Reset it first to set it up again.',
    hu: 'A kétlépcsős azonosítás már be van kapcsolva. Az újbóli beállításhoz előbb állítsa vissza.',
    pl: 'Uwierzytelnianie dwuskładnikowe jest już włączone. Aby je skonfigurować ponownie, najpierw je zresetuj.',
    ro: 'Autentificarea în doi pași este deja activată. Resetați-o mai întâi pentru a o configura din nou.',
    sk: 'Dvojfázové overenie je už zapnuté. Ak ho chcete nastaviť znova, najprv ho resetujte.',
  },
} as const satisfies CatalogueSection
