import { describe, expect, it } from 'vitest'
import type { AssetVersionView } from '@optika/domain/pim/asset-api'
import { compareAssetVersions } from './version-compare.ts'

const v1: AssetVersionView = {
  versionId: 1,
  assetId: 7,
  versionCount: 1,
  isPublic: false,
  note: '',
  createdAt: '2026-11-25T10:00:00.000Z',
  userName: 'admin',
  key: 'frame.jpg',
  path: '/products/',
  type: 'image',
  mimeType: 'image/jpeg',
  size: 1000,
  width: 800,
  height: 600,
  checksum: 'aaa',
  metadata: [{ name: 'title', language: 'en', type: 'input', data: 'Frame' }],
  customSettings: {},
  sameFile: false,
}

describe('asset version comparison', () => {
  it('marks what changed between a picture and its crop', () => {
    const v2: AssetVersionView = {
      ...v1,
      versionId: 2,
      versionCount: 2,
      size: 500,
      width: 400,
      checksum: 'bbb',
      customSettings: { focalPoint: { x: 10, y: 20 } },
    }
    const changed = compareAssetVersions(v1, v2)
      .filter((row) => row.changed)
      .map((row) => row.field)
    expect(changed).toEqual(['size', 'dimensions', 'checksum', 'focalPoint'])
  })

  it('lists a metadata field present on one side only, per language', () => {
    const v2: AssetVersionView = {
      ...v1,
      metadata: [...v1.metadata, { name: 'title', language: 'cs', type: 'input', data: 'Obruba' }],
    }
    const rows = compareAssetVersions(v1, v2).filter((row) => row.field.startsWith('metadata:'))
    expect(rows).toEqual([
      { field: 'metadata:title (CS)', from: '', to: 'Obruba', changed: true },
      { field: 'metadata:title (EN)', from: 'Frame', to: 'Frame', changed: false },
    ])
  })
})
