import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { catalogue } from '@optika/i18n/catalogue'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { StepIndicator } from './step-indicator.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))

describe('the checkout steps', () => {
  it('marks the current step and links only the steps the buyer may open', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <I18nProvider locale="en" dictionary={english}>
          <StepIndicator current="shippingPayment" reachable="finalCheck" />
        </I18nProvider>
      </MemoryRouter>,
    )
    expect(html).toContain('aria-label="Checkout steps"')
    expect(html).toMatch(/aria-current="step"[^>]*>.*Shipping and payment/)
    expect(html).toContain('href="/en/cart"')
    expect(html).toContain('href="/en/cart/confirm"')
    expect(html).not.toContain('href="/en/cart/shipping-payment"')
    expect(html.match(/aria-current/g)).toHaveLength(1)
  })

  it('does not link a step that is not reachable yet', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <I18nProvider locale="en" dictionary={english}>
          <StepIndicator current="cart" reachable="cart" />
        </I18nProvider>
      </MemoryRouter>,
    )
    expect(html).not.toContain('href=')
  })
})
