import AxeBuilder from '@axe-core/playwright'
import { crc32, deflateSync } from 'node:zlib'
import type { Locator, Page } from '@playwright/test'

/** What the asset library's and the asset editor's journeys share. */

/** A real PNG of one colour (the server checks what a file is from its bytes). */
export function png(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Drops files from "the computer" onto a target, as a browser's drag and drop does. */
export async function dropFiles(
  page: Page,
  target: Locator,
  files: readonly { name: string; bytes: Buffer }[],
): Promise<void> {
  const payload = JSON.stringify(
    files.map((file) => ({ name: file.name, base64: file.bytes.toString('base64') })),
  )
  // Runs in the page, as source text: the journeys are typed without the browser's DOM library.
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer()
    for (const entry of ${payload}) {
      const bytes = Uint8Array.from(atob(entry.base64), (char) => char.charCodeAt(0))
      transfer.items.add(new File([bytes], entry.name, { type: 'image/png' }))
    }
    return transfer
  })()`)
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  await target.dispatchEvent('drop', { dataTransfer })
}

export async function violations(page: Page) {
  await page.mouse.move(0, 0)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => [node.target, node.failureSummary]),
  }))
}

/** Opens an item's context menu with the keyboard (Shift+F10) and picks an action. */
export async function menuAction(page: Page, item: Locator, action: string): Promise<void> {
  await item.click({ button: 'right' })
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}
