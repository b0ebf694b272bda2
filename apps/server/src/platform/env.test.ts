import { describe, expect, it } from 'vitest'
import { loadEnv } from './env.ts'
import { assertNodeVersion } from './node-version.ts'
import { resolveRequestLocale } from './http/locale.ts'

describe('configuration', () => {
  it('defaults to port 3000, the embedded database and demo data outside production', () => {
    const env = loadEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.DATA_DIR).toBe('./data')
    expect(env.DEMO_DATA).toBe(true)
    expect(env.PUBLIC_URL).toBe('http://localhost:3000')
  })

  it('creates nothing by default in production', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).DEMO_DATA).toBe(false)
    expect(loadEnv({ NODE_ENV: 'production', DEMO_DATA: 'true' }).DEMO_DATA).toBe(true)
  })

  it('names the variable that is wrong', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/)
  })

  it('draws the dealer map offline unless an https tile URL template is given', () => {
    expect(loadEnv({}).MAP_TILE_URL).toBeUndefined()
    const env = loadEnv({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' })
    expect(env.MAP_TILE_URL).toBe('https://tiles.example.com/{z}/{x}/{y}.png')
    for (const bad of [
      'http://tiles.example.com/{z}/{x}/{y}.png',
      'https://tiles.example.com/tiles.png',
      'javascript:alert(1)//{z}',
    ]) {
      expect(() => loadEnv({ MAP_TILE_URL: bad })).toThrow(/MAP_TILE_URL/)
    }
  })

  it('runs several processes only on PostgreSQL', () => {
    expect(loadEnv({}).WORKERS).toBe(1)
    expect(() => loadEnv({ WORKERS: '2' })).toThrow(/WORKERS: several processes need PostgreSQL/)
    expect(loadEnv({ WORKERS: '2', DATABASE_URL: 'postgres://db/shop' }).WORKERS).toBe(2)
  })
})

describe('Node version check', () => {
  it('refuses Node 20 with a message that says what to do', () => {
    expect(() => assertNodeVersion('20.20.2')).toThrow(
      /needs Node 24 or newer, but this is Node 20\.20\.2/,
    )
  })
  it('accepts Node 24 and newer', () => {
    expect(() => assertNodeVersion('24.21.0')).not.toThrow()
    expect(() => assertNodeVersion('26.1.0')).not.toThrow()
  })
})

describe('request language', () => {
  it('takes the locale cookie first', () => {
    expect(resolveRequestLocale('sk', 'en')).toBe('sk')
  })
  it('then the best supported Accept-Language entry', () => {
    expect(resolveRequestLocale(undefined, 'de-DE,de;q=0.9,hu;q=0.8,en;q=0.5')).toBe('hu')
    expect(resolveRequestLocale('xx', 'ro-RO')).toBe('ro')
  })
  it('falls back to Czech', () => {
    expect(resolveRequestLocale(undefined, 'de, fr;q=0.5')).toBe('cs')
    expect(resolveRequestLocale(undefined, undefined)).toBe('cs')
    expect(resolveRequestLocale(undefined, 'en;q=0')).toBe('cs')
  })
})

describe('proxy trust', () => {
  it('trusts no proxy unless told, so clients cannot choose their own IP', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false)
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8')
  })
})
