import type { Locale } from '@optika/i18n/locales'
import { MAIL_KIND_DEFINITIONS, type MailKind } from '@optika/domain/cms/mail-kinds'
import type { Db } from '../../platform/db/client.ts'
import { mailImage, mailTable, type MailValues } from './render-email-document.ts'

/** Values of a real case (the newest order…) for a preview or a test mail; null when there is none. */
export type MailSampleProvider = (ctx: { db: Db; locale: Locale }) => Promise<MailValues | null>

/**
 * Where the contexts that send a mail register a source of real sample values at wiring time
 * (commerce: the newest order), since cms may not import them. Kinds without a provider, or
 * whose provider finds nothing, get made-up values.
 */
export interface MailSampleRegistry {
  register(kinds: readonly MailKind[], provider: MailSampleProvider): void
  /** The values to preview `kind` with, and whether they come from real data. */
  sampleFor(
    kind: MailKind,
    ctx: { db: Db; locale: Locale },
  ): Promise<{ values: MailValues; source: 'data' | 'example' }>
}

// A 1×1 grey PNG: the place of the QR code in an example.
const EXAMPLE_QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=='

const EXAMPLE_TEXT: Readonly<Record<string, string>> = {
  name: 'Jana Nováková',
  orderNumber: '2026000123',
  total: '2 541,00 Kč',
  invoiceDueDate: '16. 3. 2026',
  cashOnDeliveryAmount: '2 541,00 Kč',
  deliveryAddress: 'Jana Nováková, Vinohradská 12, 120 00 Praha, CZ',
  billingAddress: 'Jana Nováková, Vinohradská 12, 120 00 Praha, CZ',
  deliveryDaysMin: '3',
  deliveryDaysMax: '5',
  comment: 'Prosím zavolat před doručením.',
  orderLink: 'https://optika.example/cs/account/orders/1',
  email: 'jana.novakova@example.com',
  phone: '+420 601 234 567',
  status: 'Odeslaná',
  link: 'https://optika.example/cs/login',
  minutes: '60',
  clientNumber: '74 1234 567',
  days: '30',
  creditLimit: '50 000,00 Kč',
  reason: 'Nemáte kamenný obchod.',
  partner: '',
  message: 'Dobrý den,\nmáte brýle Vistara Aviator i v modré barvě?',
  page: 'https://optika.example/cs/contact',
  complaintNumber: 'R-2026-0042',
  topic: 'Dotaz k produktu',
  attachments: 'foto.jpg',
  reply: 'Dobrý den,\nano, model Vistara Aviator vedeme i v modré barvě.',
  original: 'Máte brýle Vistara Aviator i v modré barvě?',
}

/** Made-up values for every placeholder of a kind. */
export function exampleMailValues(kind: MailKind): MailValues {
  const values: Record<string, MailValues[string]> = {}
  for (const { name, block } of MAIL_KIND_DEFINITIONS[kind].placeholders) {
    if (!block) {
      values[name] = EXAMPLE_TEXT[name] ?? name
    } else if (name === 'qrCode') {
      values[name] = mailImage(EXAMPLE_QR, 'QR')
    } else if (name === 'items') {
      values[name] = mailTable(
        [['Vistara Aviator (VIS-AVI-01)', '2', '1 210,00 Kč', '2 420,00 Kč']],
        ['Položka', 'Množství', 'Cena za kus', 'Cena s DPH'],
      )
    } else if (name === 'bankDetails') {
      values[name] = mailTable([
        ['IBAN', 'CZ83 9999 0000 0012 3456 7805'],
        ['VS', '2026000123'],
      ])
    } else {
      values[name] = mailTable([
        ['Doprava', '121,00 Kč'],
        ['Celkem', '2 541,00 Kč'],
      ])
    }
  }
  return values
}

export function createMailSampleRegistry(): MailSampleRegistry {
  const providers = new Map<MailKind, MailSampleProvider>()
  return {
    register(kinds, provider) {
      for (const kind of kinds) providers.set(kind, provider)
    },
    async sampleFor(kind, ctx) {
      const provider = providers.get(kind)
      const values = provider ? await provider(ctx) : null
      if (values) return { values: { ...exampleMailValues(kind), ...values }, source: 'data' }
      return { values: exampleMailValues(kind), source: 'example' }
    },
  }
}
