import { describe, expect, it } from 'vitest'
import { contentDisposition } from './serve-asset-file.ts'
import { folderNamesOf, sanitizeAssetName } from './asset-names.ts'
import { endsAsZip } from './find-polyglot.ts'

describe('content-disposition', () => {
  it('keeps quotes, separators, line breaks and non-ASCII out of the plain filename', () => {
    const header = contentDisposition('attachment', 'a"; filename=evil.html\r\nX: y ček.pdf')
    expect(header).toBe(
      `attachment; filename="a__ filename=evil.html__X: y cek.pdf"; filename*=UTF-8''a%22%3B%20filename%3Devil.html%0D%0AX%3A%20y%20%C4%8Dek.pdf`,
    )
    expect(header).not.toMatch(/[\r\n]/)
  })

  it('drops any folder part of the name', () => {
    expect(contentDisposition('inline', '../../etc/passwd')).toMatch(/^inline; filename="passwd";/)
  })
})

describe('asset names', () => {
  it('reduce a file name to a safe stem', () => {
    expect(sanitizeAssetName('Ray Ban – čočka.JPG')).toBe('Ray-Ban-cocka')
    expect(sanitizeAssetName('..\\..\\boot.ini')).toBe('boot')
    expect(sanitizeAssetName('LPT1.txt')).toBe('file')
    expect(sanitizeAssetName('', 'image')).toBe('image')
  })

  it('split a relative folder path and refuse dot segments', () => {
    expect(folderNamesOf('/shoot/day 1/')).toEqual(['shoot', 'day 1'])
    expect(folderNamesOf(undefined)).toEqual([])
    expect(() => folderNamesOf('a/../b')).toThrow()
  })
})

describe('ZIP detection', () => {
  it('recognises an end-of-central-directory record that reaches the end of the file', () => {
    const eocd = Buffer.alloc(22)
    eocd.write('PK\u0005\u0006', 0, 'latin1')
    expect(endsAsZip(Buffer.concat([Buffer.alloc(100, 1), eocd]))).toBe(true)
    // The same signature in the middle of a file is noise, not an archive.
    expect(endsAsZip(Buffer.concat([eocd, Buffer.alloc(100, 1)]))).toBe(false)
  })
})
