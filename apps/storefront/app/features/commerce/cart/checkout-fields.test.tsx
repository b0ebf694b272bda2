import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { catalogue } from '@optika/i18n/catalogue'
import { I18nProvider } from '../../../i18n/i18n-provider.tsx'
import { ErrorSummary, InputField, type FormErrors } from './checkout-fields.tsx'
import { PostalAddress } from './order-summary.tsx'

const english = Object.fromEntries(Object.entries(catalogue).map(([key, texts]) => [key, texts.en]))
const hungarian = Object.fromEntries(
  Object.entries(catalogue).map(([key, texts]) => [key, texts.hu]),
)

const form: FormErrors = {
  formId: 'checkout',
  // As the schema reports them: the e-mail before the name, the street last.
  errors: [
    { path: 'contact.email', message: 'The field is required' },
    { path: 'billing.street', message: 'The field is required' },
    { path: 'contact.name', message: 'The field is required' },
  ],
}
const labels = {
  'contact.name': 'Name and surname',
  'contact.email': 'E-mail',
  'billing.street': 'Street and number',
}

describe('the error summary of a refused checkout form', () => {
  it('lists the fields in the form’s order, each linking to its field, and takes focus', () => {
    const html = renderToStaticMarkup(
      <I18nProvider locale="en" dictionary={english}>
        <ErrorSummary form={form} message="The data are not entered correctly." labels={labels} />
      </I18nProvider>,
    )
    expect(html).toContain('role="alert"')
    expect(html).toContain('tabindex="-1"')
    expect(html).toContain('autofocus')
    const links = [...html.matchAll(/<a href="#([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]])
    expect(links).toEqual([
      ['checkout-contact-name', 'Name and surname: The field is required'],
      ['checkout-contact-email', 'E-mail: The field is required'],
      ['checkout-billing-street', 'Street and number: The field is required'],
    ])
  })

  it('says nothing while the form has not been refused', () => {
    const html = renderToStaticMarkup(
      <I18nProvider locale="en" dictionary={english}>
        <ErrorSummary form={{ formId: 'checkout', errors: [] }} message={null} labels={labels} />
      </I18nProvider>,
    )
    expect(html).toBe('')
  })

  it('marks a refused field invalid and describes it by its message', () => {
    const html = renderToStaticMarkup(
      <I18nProvider locale="en" dictionary={english}>
        <InputField form={form} name="contact.email" label="E-mail" defaultValue="" required />
      </I18nProvider>,
    )
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain('aria-describedby="checkout-contact-email-error"')
    expect(html).toMatch(/id="checkout-contact-email-error"[^>]*>The field is required</)
  })
})

describe('an address', () => {
  it('names its region in the reader’s language, not by its code', () => {
    const html = renderToStaticMarkup(
      <I18nProvider locale="hu" dictionary={hungarian}>
        <PostalAddress address={{ street: 'Dlouhá 12', city: 'Praha', region: 'CZ-10' }} />
      </I18nProvider>,
    )
    expect(html).toContain('Prága')
    expect(html).not.toContain('CZ-10')
  })
})
