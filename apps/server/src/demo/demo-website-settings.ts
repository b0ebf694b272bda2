import type { Db } from '../platform/db/client.ts'
import { websiteSettings } from '../platform/db/schema/system-settings.ts'

/**
 * The demo's website settings (issue 19), shown above the storefront's header: the shop's phone
 * for every language and a free-shipping notice in each. Editable under System settings → Website
 * settings; an empty or deleted one hides its part of the bar.
 */
export const DEMO_HEADER_PHONE = '+420 800 123 456'

const HEADER_NOTICE = {
  cs: 'Doprava zdarma při větším nákupu – kolik zbývá, uvidíte v košíku',
  en: 'Free shipping on larger orders – the cart shows how much is left',
  hu: 'Ingyenes szállítás nagyobb rendelésnél – a kosárban látja, mennyi hiányzik',
  pl: 'Darmowa dostawa przy większych zamówieniach – ile brakuje, zobaczysz w koszyku',
  ro: 'Livrare gratuită la comenzi mai mari – în coș vedeți cât mai lipsește',
  sk: 'Doprava zadarmo pri väčšom nákupe – koľko zostáva, uvidíte v košíku',
} as const

/** Inserts the demo's website settings; `db` is the seed's transaction. */
export async function insertDemoWebsiteSettings(db: Db): Promise<void> {
  await db
    .insert(websiteSettings)
    .values([
      { name: 'headerPhone', type: 'text', value: DEMO_HEADER_PHONE },
      ...Object.entries(HEADER_NOTICE).map(([language, value]) => ({
        name: 'headerNotice',
        type: 'text',
        value,
        language,
      })),
    ])
    .onConflictDoNothing()
}
