import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'

/**
 * Where asset files live, by storage key (`products/rb-123.webp`): local disk under
 * DATA_DIR/assets, or an S3-compatible bucket. Keys are relative paths; the store refuses any
 * key that could leave its root.
 */
export interface AssetStore {
  /** Where files go, for logs: never contains a secret. */
  readonly description: string
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** Stores a file from local disk, streamed (never read whole into memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<Readable | null>
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
}

/** A storage key is a relative path of plain segments ('a/b.jpg'): no '..', no empty segment. */
export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || key.includes('\\') || key.includes('\0'))
    return false
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

function assertSafeKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`Unsafe asset storage key: ${JSON.stringify(key)}`)
}

/** Reads a whole stream into memory (originals are bounded by ASSET_MAX_BYTES). */
export async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  }
  return Buffer.concat(chunks)
}

/** Files under `root` on local disk. */
export function createLocalAssetStore(root: string): AssetStore {
  const base = resolve(root)
  const fileOf = (key: string) => {
    assertSafeKey(key)
    const file = resolve(base, key)
    if (!file.startsWith(base + sep)) throw new Error('Asset storage key leaves the store')
    return file
  }
  return {
    description: `local disk ${base}`,
    async put(key, body) {
      const file = fileOf(key)
      await mkdir(dirname(file), { recursive: true })
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
      await writeFile(temporary, body)
      await rename(temporary, file)
    },
    async putFile(key, source) {
      const file = fileOf(key)
      await mkdir(dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
      try {
        await copyFile(source, temporary)
        await rename(temporary, file)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async get(key) {
      const file = fileOf(key)
      if (!(await stat(file).catch(() => null))?.isFile()) return null
      return createReadStream(file)
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    async exists(key) {
      return (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false
    },
  }
}

/** The parts of ASSET_STORE_URL (`s3://KEY:SECRET@host[:port]/bucket?region=…`). */
export interface S3StoreConfig {
  /** `https://host[:port]`, or `http://…` for `s3+http://`. */
  readonly endpoint: string
  readonly bucket: string
  /** Key prefix inside the bucket ('' or ending in '/'), from a path after the bucket. */
  readonly prefix: string
  readonly region: string
  /** Path-style addressing (host/bucket/key), which MinIO and most compatible stores need. */
  readonly forcePathStyle: boolean
  readonly accessKeyId: string
  readonly secretAccessKey: string
}

/** Parses ASSET_STORE_URL; a malformed URL throws a message that never repeats the secret. */
export function parseS3StoreUrl(url: string): S3StoreConfig {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error('ASSET_STORE_URL is not a valid URL')
  }
  const protocol =
    parsed.protocol === 's3:' ? 'https' : parsed.protocol === 's3+http:' ? 'http' : null
  if (!protocol) throw new Error('ASSET_STORE_URL must start with s3:// or s3+http://')
  if (!parsed.hostname) throw new Error('ASSET_STORE_URL names no host')
  const [bucket = '', ...rest] = parsed.pathname.split('/').filter(Boolean)
  if (!bucket) throw new Error('ASSET_STORE_URL names no bucket (s3://key:secret@host/bucket)')
  const accessKeyId = decodeURIComponent(parsed.username)
  const secretAccessKey = decodeURIComponent(parsed.password)
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('ASSET_STORE_URL needs credentials (s3://key:secret@host/bucket)')
  }
  return {
    endpoint: `${protocol}://${parsed.host}`,
    bucket,
    prefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: parsed.searchParams.get('pathStyle') !== 'false',
    accessKeyId,
    secretAccessKey,
  }
}

function isMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}

/** The S3 SDK and a client for the bucket's endpoint, loaded by the store's first call. */
async function connectS3(config: S3StoreConfig) {
  const s3 = await import('@aws-sdk/client-s3')
  const client = new s3.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  })
  return { ...s3, client }
}

/**
 * Files in an S3-compatible bucket; the client is exposed for configuration checks. The S3 SDK
 * is loaded by the first call that needs it: the server starts without it (decision 071).
 */
export function createS3AssetStore(
  config: S3StoreConfig,
): AssetStore & { client(): Promise<S3Client> } {
  let connecting: ReturnType<typeof connectS3> | null = null
  const s3 = () => (connecting ??= connectS3(config))
  const objectKey = (key: string) => {
    assertSafeKey(key)
    return `${config.prefix}${key}`
  }
  return {
    client: async () => (await s3()).client,
    description: `S3 bucket ${config.bucket} at ${config.endpoint}`,
    async put(key, body, contentType) {
      const { client, PutObjectCommand } = await s3()
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
        }),
      )
    },
    async putFile(key, file, contentType) {
      const { client, PutObjectCommand } = await s3()
      const { size } = await stat(file)
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      )
    },
    async get(key) {
      const { client, GetObjectCommand } = await s3()
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
        )
        const body = answer.Body
        if (!body) return null
        return body instanceof Readable ? body : Readable.from(await body.transformToByteArray())
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      const { client, DeleteObjectCommand } = await s3()
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }))
    },
    async exists(key) {
      const { client, HeadObjectCommand } = await s3()
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
  }
}

/** The store the configuration names: S3 when ASSET_STORE_URL is set, else DATA_DIR/assets. */
export function createAssetStore(env: {
  readonly DATA_DIR: string
  readonly ASSET_STORE_URL?: string | undefined
}): AssetStore {
  if (env.ASSET_STORE_URL) return createS3AssetStore(parseS3StoreUrl(env.ASSET_STORE_URL))
  return createLocalAssetStore(resolve(env.DATA_DIR, 'assets'))
}
