import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createAssetStore,
  createLocalAssetStore,
  createS3AssetStore,
  parseS3StoreUrl,
  readStream,
} from './asset-store.ts'

describe('local asset store', () => {
  it('puts, reads, checks and deletes a file by storage key', async () => {
    const root = mkdtempSync(join(tmpdir(), 'optika-store-'))
    const store = createLocalAssetStore(root)
    await store.put('products/a b.png', Buffer.from('picture'), 'image/png')
    expect(await store.exists('products/a b.png')).toBe(true)
    const stream = await store.get('products/a b.png')
    expect(stream && (await readStream(stream)).toString()).toBe('picture')
    await store.delete('products/a b.png')
    expect(await store.exists('products/a b.png')).toBe(false)
    expect(await store.get('products/a b.png')).toBeNull()
  })

  it('refuses keys that would leave its folder', async () => {
    const store = createLocalAssetStore(mkdtempSync(join(tmpdir(), 'optika-store-')))
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow()
    await expect(store.get('/etc/passwd')).rejects.toThrow()
    await expect(store.exists('a//b.png')).rejects.toThrow()
  })

  it('is the default when no ASSET_STORE_URL is set', () => {
    expect(createAssetStore({ DATA_DIR: '/srv/optika' }).description).toBe(
      'local disk /srv/optika/assets',
    )
  })
})

describe('S3 asset store configuration', () => {
  it('parses credentials, endpoint, bucket, prefix and region from the URL', () => {
    expect(
      parseS3StoreUrl('s3://AKIA123:s%2Fecret@minio.local:9000/optika/shop?region=eu-central-1'),
    ).toEqual({
      endpoint: 'https://minio.local:9000',
      bucket: 'optika',
      prefix: 'shop/',
      region: 'eu-central-1',
      forcePathStyle: true,
      accessKeyId: 'AKIA123',
      secretAccessKey: 's/ecret',
    })
    expect(parseS3StoreUrl('s3+http://k:s@localhost/b?pathStyle=false')).toMatchObject({
      endpoint: 'http://localhost',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    })
  })

  it('explains a bad URL without repeating the secret', () => {
    for (const url of ['s3://key:topsecret@host', 's3://host/bucket', 'http://k:topsecret@h/b']) {
      expect(() => parseS3StoreUrl(url)).toThrow(/ASSET_STORE_URL/)
      try {
        parseS3StoreUrl(url)
      } catch (error) {
        expect(String(error)).not.toContain('topsecret')
      }
    }
  })

  it('configures the client for the endpoint with path-style addressing, without network', async () => {
    const store = createS3AssetStore(
      parseS3StoreUrl('s3+http://minio:minio-secret@127.0.0.1:9000/assets?region=eu-west-1'),
    )
    const client = await store.client()
    const endpoint = await client.config.endpoint?.()
    expect(endpoint).toMatchObject({ hostname: '127.0.0.1', port: 9000, protocol: 'http:' })
    expect(client.config.forcePathStyle).toBe(true)
    expect(await client.config.region()).toBe('eu-west-1')
    const credentials = await client.config.credentials()
    expect(credentials.accessKeyId).toBe('minio')
    expect(store.description).toBe('S3 bucket assets at http://127.0.0.1:9000')
    expect(store.description).not.toContain('minio-secret')
    client.destroy()
  })

  it('is chosen when ASSET_STORE_URL is set', () => {
    const store = createAssetStore({
      DATA_DIR: '/srv/optika',
      ASSET_STORE_URL: 's3://k:s@storage.example/bucket',
    })
    expect(store.description).toBe('S3 bucket bucket at https://storage.example')
  })
})
