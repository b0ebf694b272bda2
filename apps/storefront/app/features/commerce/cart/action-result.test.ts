import { describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { PlaceOrderSchema } from '@optika/domain/commerce/checkout-api'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'
import { actionFailure, type ActionFailure } from './action-result.server.ts'

/** The catalogue's texts with their placeholders filled, as the server's translator gives them. */
const storefront = {
  translator: {
    t: (locale: Locale, key: string, params: Record<string, string | number> = {}) =>
      (catalogue[key]?.[locale] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
        String(params[name] ?? ''),
      ),
  },
}

class ServiceError extends Error {
  readonly statusCode: number
  readonly code: string
  readonly key: string
  readonly params: Record<string, string | number>
  readonly details: unknown
  constructor(statusCode: number, code: string, key: string, details?: unknown) {
    super(code)
    this.statusCode = statusCode
    this.code = code
    this.key = key
    this.params = {}
    this.details = details
  }
}

function answer(result: unknown): { status: number | undefined; failure: ActionFailure } {
  const { data, init } = result as { data: ActionFailure; init: ResponseInit | null }
  return { status: init?.status, failure: data }
}

describe('checkout action failures', () => {
  it('turns the shared schema’s errors into the general message and translated field errors', () => {
    const parsed = PlaceOrderSchema.safeParse({ agreeTerms: false, expectedTotal: 100 })
    expect(parsed.error).toBeInstanceOf(ZodError)
    const { status, failure } = answer(actionFailure(parsed.error, storefront, 'en'))
    expect(status).toBe(400)
    expect(failure.message).toBe(
      'The data are not entered correctly. Please fix it and send the form again.',
    )
    expect(failure.errors).toContainEqual({
      path: 'agreeTerms',
      message: catalogue['validation.termsRequired']?.en,
    })
  })

  it('shows a refused call in the page’s language with its status and keeps its details', () => {
    const error = new ServiceError(409, 'PRICE_CHANGED', 'cart.quantityNotAvailable', { total: 1 })
    const { status, failure } = answer(
      actionFailure(error, storefront, 'cs', { values: { comment: 'Díky' } }),
    )
    expect(status).toBe(409)
    expect(failure).toMatchObject({
      code: 'PRICE_CHANGED',
      message: catalogue['cart.quantityNotAvailable']?.cs,
      details: { total: 1 },
      values: { comment: 'Díky' },
    })
  })

  it('lets a failure of the server itself go on to the error page', () => {
    expect(() => actionFailure(new Error('connection lost'), storefront, 'en')).toThrow(
      'connection lost',
    )
    const broken = new ServiceError(500, 'INTERNAL_ERROR', 'server.internalError')
    expect(() => actionFailure(broken, storefront, 'en')).toThrow(broken)
  })
})
