import type { CatalogueSection } from './entry.ts'

/** The shop's e-mails as e-mail documents: placeholders, previews, test mails (issue 17). */
export const cmsMailsCatalogue = {
  // ── Built-in texts of the mails that had none before e-mail documents ────────────────────
  'cmsMails.contactForm.subject': {
    cs: 'Zpráva z kontaktního formuláře: {{name}}',
    en: 'Message from the contact form: {{name}}',
    hu: 'Üzenet a kapcsolatfelvételi űrlapról: {{name}}',
    pl: 'Wiadomość z formularza kontaktowego: {{name}}',
    ro: 'Mesaj din formularul de contact: {{name}}',
    sk: 'Správa z kontaktného formulára: {{name}}',
  },
  'cmsMails.contactForm.text': {
    cs: '{{name}} <{{email}}> napsal(a) přes kontaktní formulář:\n\n{{message}}',
    en: '{{name}} <{{email}}> wrote through the contact form:\n\n{{message}}',
    hu: '{{name}} <{{email}}> a kapcsolatfelvételi űrlapon írt:\n\n{{message}}',
    pl: '{{name}} <{{email}}> napisał(a) przez formularz kontaktowy:\n\n{{message}}',
    ro: '{{name}} <{{email}}> a scris prin formularul de contact:\n\n{{message}}',
    sk: '{{name}} <{{email}}> napísal(a) cez kontaktný formulár:\n\n{{message}}',
  },
  'cmsMails.complaintMessage.subject': {
    cs: 'Nová zpráva k reklamaci {{complaintNumber}}',
    en: 'A new message about complaint {{complaintNumber}}',
    hu: 'Új üzenet a(z) {{complaintNumber}} számú reklamációhoz',
    pl: 'Nowa wiadomość w sprawie reklamacji {{complaintNumber}}',
    ro: 'Un mesaj nou despre reclamația {{complaintNumber}}',
    sk: 'Nová správa k reklamácii {{complaintNumber}}',
  },
  'cmsMails.complaintMessage.text': {
    cs: 'Dobrý den, {{name}},\n\nk vaší reklamaci {{complaintNumber}} jsme napsali:\n\n{{message}}\n\nOdpovědět můžete ve svém účtu:\n{{link}}',
    en: 'Hello {{name}},\n\nwe have written about your complaint {{complaintNumber}}:\n\n{{message}}\n\nYou can reply in your account:\n{{link}}',
    hu: 'Kedves {{name}}!\n\nA(z) {{complaintNumber}} számú reklamációjával kapcsolatban ezt írtuk:\n\n{{message}}\n\nVálaszolni a fiókjában tud:\n{{link}}',
    pl: 'Dzień dobry, {{name}},\n\nw sprawie Twojej reklamacji {{complaintNumber}} napisaliśmy:\n\n{{message}}\n\nOdpowiedzieć możesz na swoim koncie:\n{{link}}',
    ro: 'Bună ziua, {{name}},\n\nv-am scris despre reclamația dvs. {{complaintNumber}}:\n\n{{message}}\n\nPuteți răspunde din contul dvs.:\n{{link}}',
    sk: 'Dobrý deň, {{name}},\n\nk vašej reklamácii {{complaintNumber}} sme napísali:\n\n{{message}}\n\nOdpovedať môžete vo svojom účte:\n{{link}}',
  },
} as const satisfies CatalogueSection
