import { describe, expect, it } from 'vitest'
import { createTranslate } from '../../../i18n/create-translate.ts'
import { money, orderStatus } from './format.ts'
import { phoneHint } from './phone-hint.ts'

const t = createTranslate({
  'status.new': 'New',
  'order.unknownStatus': 'Unknown status',
  'customer.phoneHint': 'Please enter the phone number in international format.',
  'accountPage.field.phoneExample': 'Expected like {{phone}}.',
})

describe('what the account pages write for people', () => {
  it('names an order status by its translation, and an unknown one as the seed says', () => {
    expect(orderStatus('new', t)).toBe('New')
    expect(orderStatus('teleported', t)).toBe('Unknown status')
  })

  it('writes amounts in minor units in the page’s language', () => {
    expect(money(123_450, 'CZK', 'cs').replace(/\s/g, ' ')).toBe('1 234,50 Kč')
    expect(money(1999, 'EUR', 'en')).toBe('€19.99')
  })

  it('gives the phone example of the billing country', () => {
    expect(phoneHint('HU', t)).toBe(
      'Please enter the phone number in international format. Expected like +36 20 123 4567.',
    )
    expect(phoneHint('', t)).toContain('+420 601 234 567')
  })
})
