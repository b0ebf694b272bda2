import { describe, expect, it } from 'vitest'
import { readableTextOn } from './readable-text.ts'

describe('a place badge’s text colour', () => {
  it('is white on dark colours and black on light or mid-tone ones', () => {
    expect(readableTextOn('#1c1c1c')).toBe('#ffffff')
    expect(readableTextOn('#fab005')).toBe('#000000')
    // White on this blue reaches only about 3.6:1; black passes.
    expect(readableTextOn('#228be6')).toBe('#000000')
    expect(readableTextOn('not a colour')).toBe('#000000')
  })
})
