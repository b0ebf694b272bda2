import { describe, expect, it } from 'vitest'
import { generateUrl, TranslatableError } from './routes.ts'

describe('generateUrl', () => {
  it('fills path parameters and puts the rest in the query string', () => {
    expect(generateUrl('category', { locale: 'cs', id: 12, slug: 'damske-obruby', p: 2 })).toBe(
      '/cs/c/12/damske-obruby?p=2',
    )
  })

  it('repeats array values and leaves out empty ones', () => {
    expect(generateUrl('api_products', { cid: 5, color: ['red', 'blue'], q: '' })).toBe(
      '/api/products?cid=5&color=red&color=blue',
    )
  })

  it('encodes parameter values', () => {
    expect(generateUrl('product', { locale: 'en', id: 1, slug: 'a b/c' })).toBe('/en/p/1/a%20b%2Fc')
  })

  it('refuses an unknown route with the seed message', () => {
    expect(() => generateUrl('nowhere')).toThrow('The route "nowhere" does not exist.')
    try {
      generateUrl('nowhere')
    } catch (error) {
      expect(error).toBeInstanceOf(TranslatableError)
      expect((error as TranslatableError).key).toBe('route.notFound')
    }
  })

  it('refuses a route whose required parameter is missing', () => {
    expect(() => generateUrl('product', { locale: 'cs', id: 3 })).toThrow(
      'Missing required parameter "slug" for route "product".',
    )
  })

  it('does not treat inherited object keys as routes', () => {
    expect(() => generateUrl('toString')).toThrow('The route "toString" does not exist.')
  })
})
