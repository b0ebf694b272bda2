import { describe, expect, it } from 'vitest'
import {
  itemPercent,
  reduceUploads,
  relativeDir,
  uploadTotals,
  type UploadItem,
} from './upload-queue.ts'

function item(id: string, size: number): UploadItem {
  return {
    id,
    name: `${id}.jpg`,
    dir: '',
    size,
    loaded: 0,
    status: 'queued',
    error: null,
    assetId: null,
  }
}

describe('upload queue', () => {
  it('tracks each file and the total by bytes, so a big file weighs more than a small one', () => {
    let items = reduceUploads([], { kind: 'add', items: [item('a', 300), item('b', 100)] })
    items = reduceUploads(items, { kind: 'start', id: 'a' })
    items = reduceUploads(items, { kind: 'progress', id: 'a', loaded: 150 })
    expect(itemPercent(items[0]!)).toBe(50)
    expect(uploadTotals(items).percent).toBe(37)
    items = reduceUploads(items, { kind: 'done', id: 'a', assetId: 7 })
    expect(uploadTotals(items)).toMatchObject({ done: 1, percent: 75, finished: false })
    items = reduceUploads(items, { kind: 'fail', id: 'b', error: 'too large' })
    expect(uploadTotals(items)).toMatchObject({ done: 1, failed: 1, percent: 100, finished: true })
  })

  it('never reports more than a file holds, even when the transport over-counts', () => {
    const items = reduceUploads(reduceUploads([], { kind: 'add', items: [item('a', 10)] }), {
      kind: 'progress',
      id: 'a',
      loaded: 99,
    })
    expect(items[0]!.loaded).toBe(10)
  })

  it('clearing keeps the files still on their way', () => {
    let items = reduceUploads([], { kind: 'add', items: [item('a', 1), item('b', 1)] })
    items = reduceUploads(items, { kind: 'done', id: 'a', assetId: 1 })
    items = reduceUploads(items, { kind: 'start', id: 'b' })
    expect(reduceUploads(items, { kind: 'clear' }).map((entry) => entry.id)).toEqual(['b'])
  })

  it('keeps a dropped folder’s structure and drops path tricks', () => {
    expect(relativeDir('photos/2024/a.jpg')).toBe('photos/2024')
    expect(relativeDir('a.jpg')).toBe('')
    expect(relativeDir('../../etc/./passwd')).toBe('etc')
  })
})
