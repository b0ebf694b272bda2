import { describe, expect, it } from 'vitest'
import { CATALOGUE_SECTIONS } from './catalogue.ts'
import { LOCALES } from './locales.ts'

const sections = Object.entries(CATALOGUE_SECTIONS) as [
  string,
  Record<string, Record<string, string>>,
][]
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join(' ')

describe('translation catalogue', () => {
  it('has a text in every language for every key', () => {
    const missing = sections.flatMap(([section, entries]) =>
      Object.entries(entries).flatMap(([key, texts]) =>
        LOCALES.filter((locale) => !texts[locale]?.trim()).map((l) => `${section}: ${key} [${l}]`),
      ),
    )
    expect(missing).toEqual([])
  })

  it('uses the same placeholders in every language', () => {
    const mismatched = sections.flatMap(([, entries]) =>
      Object.entries(entries)
        .filter(([, texts]) =>
          LOCALES.some((l) => placeholders(texts[l] ?? '') !== placeholders(texts.en ?? '')),
        )
        .map(([key]) => key),
    )
    expect(mismatched).toEqual([])
  })

  it('defines each key in one section only', () => {
    const seen = new Map<string, string>()
    const duplicates: string[] = []
    for (const [section, entries] of sections) {
      for (const key of Object.keys(entries)) {
        if (seen.has(key)) duplicates.push(`${key} (${seen.get(key)} and ${section})`)
        seen.set(key, section)
      }
    }
    expect(duplicates).toEqual([])
  })

  it('names keys as dotted lower-camel segments, none a prefix of another', () => {
    const keys = sections.flatMap(([, entries]) => Object.keys(entries))
    expect(keys.filter((k) => !/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/.test(k))).toEqual([])
    const prefixes = keys.filter((k) => keys.some((other) => other.startsWith(`${k}.`)))
    expect(prefixes).toEqual([])
  })
})
