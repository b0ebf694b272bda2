import sharp from 'sharp'
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { signInNewUser, type Method } from '../../test/inject-json.ts'
import { waitForJobRow } from '../../test/kits/jobs-test-kit.ts'

/**
 * The must-show flow through the real routes, one step after the other on one asset:
 * upload → thumbnail → replace → version compare → publish → copy → move → delete to the bin →
 * restore → zip export → zip import. Every step checks what it produced (bytes, ids, paths,
 * versions), not only its status.
 */
let t: TestApp
let cookie: string

interface AssetNode {
  id: number
  parentId: number | null
  key: string
  fullPath: string
  type: string
  hasChildren?: boolean
}
interface AssetData extends AssetNode {
  versionCount: number
  checksum: string | null
}
interface Version {
  id: number
  versionCount: number
  date: string
}

const RED = { r: 220, g: 20, b: 30 }
const BLUE = { r: 20, g: 40, b: 210 }

function picture(colour: { r: number; g: number; b: number }, width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

/** The average colour of an image, to tell the red original from the blue replacement. */
async function colourOf(bytes: Buffer): Promise<'red' | 'blue' | 'other'> {
  const { channels } = await sharp(bytes).stats()
  const [r, , b] = channels.map((c) => c.mean)
  if (r! > 150 && b! < 80) return 'red'
  if (b! > 150 && r! < 80) return 'blue'
  return 'other'
}

function send(method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload }),
  })
}

async function json<T>(method: Method, url: string, payload?: object): Promise<T> {
  const response = await send(method, url, payload)
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(200)
  return response.json<T>()
}

async function bytes(url: string): Promise<Buffer> {
  const response = await send('GET', url)
  expect(response.statusCode, `GET ${url}: ${response.body.slice(0, 300)}`).toBe(200)
  return response.rawPayload
}

function multipart(
  method: Method,
  url: string,
  file: { content: Buffer; filename: string; type: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.filename)
  return t.app.inject({
    method,
    url,
    headers: { cookie, 'accept-language': 'en' },
    payload: form,
  })
}

async function addFolder(parentId: number, name: string): Promise<AssetNode> {
  return json<AssetNode>('POST', '/admin/asset/add-folder', { parentId, name })
}

async function children(id: number): Promise<AssetNode[]> {
  const page = await json<{ nodes: AssetNode[]; total: number }>(
    'GET',
    `/admin/asset/tree-get-children-by-id?node=${id}&limit=100`,
  )
  expect(page.total).toBe(page.nodes.length)
  return page.nodes
}

/** A job started by a call (`{ jobId }`), once the queue has finished it. */
async function finishedJob(answer: { jobId: string }) {
  expect(typeof answer.jobId).toBe('string')
  const row = await waitForJobRow(t.database.db, answer.jobId, 60_000)
  expect(row.errorKey, `job ${answer.jobId} failed`).toBeNull()
  expect(row.status).toBe('done')
  return row
}

/** Entries of a zip file (name → bytes), read with yauzl; directories are left out. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error)
      const entries = new Map<string, Buffer>()
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return file.readEntry()
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            file.readEntry()
          })
        })
      })
      file.on('end', () => resolve(entries))
      file.on('error', reject)
      file.readEntry()
    })
  })
}

/** The entry whose path ends with `suffix` (a zip may or may not carry the top folder). */
function entryEndingWith(entries: Map<string, Buffer>, suffix: string): Buffer | undefined {
  for (const [name, content] of entries)
    if (name === suffix || name.endsWith(`/${suffix}`)) return content
  return undefined
}

const state: {
  rootId: number
  flow: AssetNode
  moved: AssetNode
  copies: AssetNode
  assetId: number
  original: Buffer
  replacement: Buffer
  versions: Version[]
  copyId: number
  zip: Buffer
  thumbnailConfig: string
} = {} as never

beforeAll(async () => {
  t = await buildTestApp()
  cookie = await signInNewUser(t.database.db, { username: 'flow-admin', isAdmin: true })
  state.rootId = (await json<AssetNode>('GET', '/admin/asset/tree-get-root')).id
  state.flow = await addFolder(state.rootId, 'flow')
  state.moved = await addFolder(state.flow.id, 'moved')
  state.copies = await addFolder(state.rootId, 'copies')
})
afterAll(async () => {
  await t.close()
})

describe('an asset from upload to zip import', () => {
  it('uploads a picture into a folder and serves it back', async () => {
    state.original = await picture(RED)
    const response = await multipart(
      'POST',
      '/admin/asset/add-asset',
      { content: state.original, filename: 'lens.png', type: 'image/png' },
      { parentId: String(state.flow.id) },
    )
    expect(response.statusCode, response.body).toBe(200)
    const node = response.json<AssetNode>()
    expect(node).toMatchObject({ key: 'lens.png', fullPath: '/flow/lens.png', type: 'image' })
    state.assetId = node.id

    const downloaded = await bytes(`/admin/asset/download?id=${node.id}`)
    expect(await colourOf(downloaded)).toBe('red')
    expect(await sharp(downloaded).metadata()).toMatchObject({ width: 64, height: 48 })
    const data = await json<AssetData>('GET', `/admin/asset/get-data-by-id?id=${node.id}`)
    expect(data).toMatchObject({ id: node.id, fullPath: '/flow/lens.png', parentId: state.flow.id })
    expect((await children(state.flow.id)).map((n) => n.key)).toEqual(['moved', 'lens.png'])
  })

  it('renders a thumbnail by a named configuration, the same bytes the second time', async () => {
    const configs = await json<{ name: string; width: number | null; format: string }[]>(
      'GET',
      '/admin/asset/thumbnail-configs',
    )
    expect(configs.length).toBeGreaterThan(0)
    const config = configs.find((c) => c.width !== null && c.width < 64) ?? configs[0]!
    state.thumbnailConfig = config.name
    const url = `/admin/asset/get-image-thumbnail?id=${state.assetId}&config=${encodeURIComponent(config.name)}`
    const first = await send('GET', url)
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200)
    expect(first.headers['content-type']).toMatch(/^image\//)
    expect(first.headers['cache-control']).toBeTruthy()
    const meta = await sharp(first.rawPayload).metadata()
    if (config.width) expect(meta.width).toBeLessThanOrEqual(config.width)
    expect(await colourOf(first.rawPayload)).toBe('red')
    const second = await send('GET', url)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it('replaces the file: same id, new bytes, one more version, fresh thumbnail', async () => {
    const before = await json<AssetData>('GET', `/admin/asset/get-data-by-id?id=${state.assetId}`)
    state.replacement = await picture(BLUE)
    const response = await multipart(
      'POST',
      `/admin/asset/replace-asset?id=${state.assetId}`,
      { content: state.replacement, filename: 'other-name.png', type: 'image/png' },
      { id: String(state.assetId) },
    )
    expect(response.statusCode, response.body).toBe(200)
    const after = await json<AssetData>('GET', `/admin/asset/get-data-by-id?id=${state.assetId}`)
    expect(after).toMatchObject({ id: state.assetId, fullPath: '/flow/lens.png' })
    expect(after.versionCount).toBeGreaterThan(before.versionCount)
    expect(after.checksum).not.toBe(before.checksum)
    expect(await colourOf(await bytes(`/admin/asset/download?id=${state.assetId}`))).toBe('blue')
    const thumbnail = await bytes(
      `/admin/asset/get-image-thumbnail?id=${state.assetId}&config=${encodeURIComponent(state.thumbnailConfig)}`,
    )
    expect(await colourOf(thumbnail)).toBe('blue')
  })

  it('lists the versions and shows the old and the new one differently', async () => {
    const { items: versions } = await json<{ items: Version[] }>(
      'GET',
      `/admin/element/versions?elementType=asset&elementId=${state.assetId}`,
    )
    expect(versions.length).toBeGreaterThanOrEqual(2)
    state.versions = [...versions].sort((a, b) => a.versionCount - b.versionCount)
    const oldest = state.versions[0]!
    const newest = state.versions[state.versions.length - 1]!
    const oldView = await send('GET', `/admin/asset/show-version?id=${oldest.id}`)
    const newView = await send('GET', `/admin/asset/show-version?id=${newest.id}`)
    expect(oldView.statusCode, oldView.body.slice(0, 300)).toBe(200)
    expect(newView.statusCode, newView.body.slice(0, 300)).toBe(200)
    expect(oldView.rawPayload.equals(newView.rawPayload)).toBe(false)
    if (String(oldView.headers['content-type']).startsWith('image/')) {
      expect(await colourOf(oldView.rawPayload)).toBe('red')
      expect(await colourOf(newView.rawPayload)).toBe('blue')
    } else {
      // A JSON view of each version: the replaced file has another checksum than the original.
      type View = { assetId: number; versionCount: number; checksum: string | null }
      const [older, newer] = [oldView.json<View>(), newView.json<View>()]
      const current = await json<AssetData>(
        'GET',
        `/admin/asset/get-data-by-id?id=${state.assetId}`,
      )
      expect(older.assetId).toBe(state.assetId)
      expect(newer.assetId).toBe(state.assetId)
      expect(older.versionCount).toBeLessThan(newer.versionCount)
      expect(older.checksum).not.toBe(newer.checksum)
      expect(newer.checksum).toBe(current.checksum)
    }
  })

  it('publishes the first version back: the red picture again, as a new version', async () => {
    const before = await json<AssetData>('GET', `/admin/asset/get-data-by-id?id=${state.assetId}`)
    await json('POST', '/admin/asset/publish-version', { id: state.versions[0]!.id })
    const after = await json<AssetData>('GET', `/admin/asset/get-data-by-id?id=${state.assetId}`)
    expect(after.id).toBe(state.assetId)
    expect(after.versionCount).toBeGreaterThan(before.versionCount)
    expect(await colourOf(await bytes(`/admin/asset/download?id=${state.assetId}`))).toBe('red')
  })

  it('copies the asset into another folder as a job: a new id with the same bytes', async () => {
    const answer = await json<{ jobId: string }>('POST', '/admin/asset/copy', {
      sourceId: state.assetId,
      targetId: state.copies.id,
    })
    await finishedJob(answer)
    const copied = (await children(state.copies.id)).find((n) => n.key === 'lens.png')
    expect(copied).toBeDefined()
    expect(copied!.id).not.toBe(state.assetId)
    expect(copied!.fullPath).toBe('/copies/lens.png')
    state.copyId = copied!.id
    const original = await bytes(`/admin/asset/download?id=${state.assetId}`)
    expect((await bytes(`/admin/asset/download?id=${copied!.id}`)).equals(original)).toBe(true)
  })

  it('moves the asset into a subfolder: new path, same id and bytes', async () => {
    const before = await bytes(`/admin/asset/download?id=${state.assetId}`)
    await json('PUT', '/admin/asset/update', { id: state.assetId, parentId: state.moved.id })
    const data = await json<AssetData>('GET', `/admin/asset/get-data-by-id?id=${state.assetId}`)
    expect(data).toMatchObject({ parentId: state.moved.id, fullPath: '/flow/moved/lens.png' })
    expect((await bytes(`/admin/asset/download?id=${state.assetId}`)).equals(before)).toBe(true)
    expect((await children(state.flow.id)).map((n) => n.key)).toEqual(['moved'])
    const exists = (parentId: number) =>
      json<{ exists: boolean }>('GET', `/admin/asset/exists?parentId=${parentId}&key=lens.png`)
    expect(await exists(state.moved.id)).toEqual({ exists: true })
    expect(await exists(state.flow.id)).toEqual({ exists: false })
    const flow = (await children(state.rootId)).find((n) => n.id === state.flow.id)
    expect(flow?.hasChildren).toBe(true)
  })

  it('deletes the folder with its subtree into the recycle bin', async () => {
    const deleted = await send('DELETE', `/admin/asset/delete?id=${state.flow.id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    for (const id of [state.flow.id, state.moved.id, state.assetId]) {
      const gone = await send('GET', `/admin/asset/get-data-by-id?id=${id}`)
      expect(gone.statusCode).toBe(404)
    }
    expect((await children(state.rootId)).map((n) => n.key)).toEqual(['copies'])
    const bin = await json<{ items: { path: string; elementType: string; elementId: number }[] }>(
      'GET',
      '/admin/recyclebin/list?elementType=asset',
    )
    expect(bin.items).toContainEqual(
      expect.objectContaining({ elementType: 'asset', elementId: state.flow.id }),
    )
  })

  it('restores the folder from the bin with the same ids, paths and files', async () => {
    const bin = await json<{ items: { id: number; elementId: number }[] }>(
      'GET',
      '/admin/recyclebin/list?elementType=asset',
    )
    const entry = bin.items.find((item) => item.elementId === state.flow.id)!
    const restored = await json<{ elementId: number; amount: number }>(
      'POST',
      '/admin/recyclebin/restore',
      { id: entry.id },
    )
    expect(restored.elementId).toBe(state.flow.id)
    expect(restored.amount).toBe(3)
    const data = await json<AssetData>('GET', `/admin/asset/get-data-by-id?id=${state.assetId}`)
    expect(data).toMatchObject({ id: state.assetId, fullPath: '/flow/moved/lens.png' })
    expect(await colourOf(await bytes(`/admin/asset/download?id=${state.assetId}`))).toBe('red')
    expect((await children(state.flow.id)).map((n) => n.id)).toEqual([state.moved.id])
  })

  it('exports the folder as a zip through a job, holding the restored file', async () => {
    const answer = await json<{ jobId: string }>(
      'GET',
      `/admin/asset/download-as-zip-jobs?id=${state.flow.id}`,
    )
    await finishedJob(answer)
    const response = await send(
      'GET',
      `/admin/asset/download-as-zip?jobId=${encodeURIComponent(answer.jobId)}&id=${state.flow.id}`,
    )
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200)
    expect(response.headers['content-type']).toMatch(/zip/)
    expect(String(response.headers['content-disposition'])).toMatch(/attachment/)
    state.zip = response.rawPayload
    const entries = await unzip(state.zip)
    const file = entryEndingWith(entries, 'moved/lens.png')
    expect(file, [...entries.keys()].join(', ')).toBeDefined()
    const original = await bytes(`/admin/asset/download?id=${state.assetId}`)
    expect(file!.equals(original)).toBe(true)
  })

  it('imports the zip into a new folder through a job, rebuilding its folders and files', async () => {
    const target = await addFolder(state.rootId, 'imported')
    const response = await multipart(
      'POST',
      `/admin/asset/import-zip?parentId=${target.id}`,
      { content: state.zip, filename: 'flow.zip', type: 'application/zip' },
      { parentId: String(target.id) },
    )
    expect(response.statusCode, response.body).toBe(200)
    const job = await finishedJob(response.json<{ jobId: string }>())
    expect(job.done).toBeGreaterThan(0)

    // Find lens.png below the import folder, whether the zip carried the top folder or not.
    const paths = ['/imported/moved/lens.png', '/imported/flow/moved/lens.png']
    let found: AssetNode | undefined
    const walk = async (id: number): Promise<void> => {
      for (const node of await children(id)) {
        if (node.type === 'folder') await walk(node.id)
        else if (node.key === 'lens.png') found = node
      }
    }
    await walk(target.id)
    expect(found, 'lens.png below /imported').toBeDefined()
    expect(paths).toContain(found!.fullPath)
    expect(found!.id).not.toBe(state.assetId)
    const original = await bytes(`/admin/asset/download?id=${state.assetId}`)
    expect((await bytes(`/admin/asset/download?id=${found!.id}`)).equals(original)).toBe(true)
  })
})
