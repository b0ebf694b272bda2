import { describe, expect, it } from 'vitest'
import { swapLocaleInPath } from './swap-locale-in-path.ts'

describe('swapLocaleInPath', () => {
  it('swaps the language segment and keeps the rest of the path', () => {
    expect(swapLocaleInPath('/en/does-not-exist')).toMatchObject({
      cs: '/cs/does-not-exist',
      en: '/en/does-not-exist',
      ro: '/ro/does-not-exist',
    })
    expect(swapLocaleInPath('/cs')).toMatchObject({ cs: '/cs', sk: '/sk' })
  })

  it('puts a language in front of a path that has none', () => {
    expect(swapLocaleInPath('/neexistuje/x')).toMatchObject({
      cs: '/cs/neexistuje/x',
      hu: '/hu/neexistuje/x',
    })
    expect(swapLocaleInPath('/')).toMatchObject({ pl: '/pl' })
  })
})
