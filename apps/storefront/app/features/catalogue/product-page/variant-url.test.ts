import { describe, expect, it } from 'vitest'
import { urlWithVariant } from './variant-url.ts'

describe('the address of a chosen colour', () => {
  it('names the variant and keeps the list’s parameters', () => {
    expect(urlWithVariant('https://shop.example/en/p/7/aurora?cid=3&material=acetate', 72)).toBe(
      '/en/p/7/aurora?cid=3&material=acetate&variant=72',
    )
  })

  it('replaces the variant named before', () => {
    expect(urlWithVariant('https://shop.example/en/p/7/aurora?variant=71&cid=3', 72)).toBe(
      '/en/p/7/aurora?variant=72&cid=3',
    )
  })
})
