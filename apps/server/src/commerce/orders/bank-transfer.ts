import { crc32, deflateSync } from 'node:zlib'
import type { PlacedOrder } from '@optika/domain/commerce/checkout-api'
import type { Currency } from '@optika/domain/commerce/currencies'
import { epcPayload, spaydPayload, variableSymbolOf } from '@optika/domain/commerce/payment-qr'
import { SHOP_BANK_ACCOUNTS } from '@optika/domain/commerce/shop-bank-accounts'

type BankTransfer = NonNullable<PlacedOrder['bankTransfer']>

export interface OrderToPay {
  readonly number: string
  readonly currency: Currency
  readonly totalGross: number
}

/** Medium error correction, and the light modules around the code the specs ask for. */
const ERROR_CORRECTION = 'M'
const QUIET_ZONE = 4
/** The PNG's width and height in pixels. */
const PNG_WIDTH = 240

/** How many codes `qrModules` remembers (an order's code is drawn again by its mail job). */
const REMEMBERED_CODES = 64
const rememberedCodes = new Map<string, QrModules>()

interface QrModules {
  /** Modules per side. */
  readonly size: number
  /** `size × size` modules, row by row; 1 is dark. */
  readonly data: Uint8Array
}

/**
 * The code's modules (encoding a payload and choosing its mask is most of the cost of drawing
 * it). The order's finished page draws the SVG and the confirmation mail, a moment later, the PNG
 * of the same payload: the last few codes are remembered, so an order encodes its code once.
 */
async function qrModules(payload: string): Promise<QrModules> {
  const remembered = rememberedCodes.get(payload)
  if (remembered) return remembered
  const { default: QRCode } = await import('qrcode')
  const { size, data } = QRCode.create(payload, { errorCorrectionLevel: ERROR_CORRECTION }).modules
  const modules = { size, data: Uint8Array.from(data) }
  if (rememberedCodes.size >= REMEMBERED_CODES) {
    rememberedCodes.delete(rememberedCodes.keys().next().value!)
  }
  rememberedCodes.set(payload, modules)
  return modules
}

/**
 * The QR code as a self-contained SVG document: a white square with the quiet zone, and one path
 * drawing each row's runs of dark modules.
 */
export async function qrSvg(payload: string): Promise<string> {
  const { size, data } = await qrModules(payload)
  const side = size + QUIET_ZONE * 2
  let path = ''
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue
      let run = 1
      while (x + run < size && data[y * size + x + run]) run++
      path += `M${String(x + QUIET_ZONE)} ${String(y + QUIET_ZONE + 0.5)}h${String(run)}`
      x += run
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(side)} ${String(side)}" ` +
    `shape-rendering="crispEdges"><path fill="#fff" d="M0 0h${String(side)}v${String(side)}H0z"/>` +
    `<path stroke="#000" d="${path}"/></svg>`
  )
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length)
  chunk.writeUInt32BE(data.length, 0)
  chunk.write(type, 4, 'latin1')
  data.copy(chunk, 8)
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length)
  return chunk
}

/**
 * The same QR code as a PNG data URL, for mail clients that do not draw inline SVG: 240 pixels
 * square, one bit a pixel (a QR code is black and white), each module a block of pixels as the
 * qrcode package draws it. Drawn here because the package's own PNG is RGBA with a filter tried
 * per row, about 4 ms of the queue's thread per order against a tenth of that.
 */
export async function qrPngDataUrl(payload: string): Promise<string> {
  const { size, data } = await qrModules(payload)
  const scale = PNG_WIDTH / (size + QUIET_ZONE * 2)
  const width = Math.floor((size + QUIET_ZONE * 2) * scale)
  const margin = QUIET_ZONE * scale
  const rowBytes = 1 + Math.ceil(width / 8)
  // Every row starts with filter type 0 (none); a set bit is a light pixel.
  const pixels = Buffer.alloc(rowBytes * width, 0xff)
  for (let y = 0; y < width; y++) {
    pixels[y * rowBytes] = 0
    if (y < margin || y >= width - margin) continue
    const row = Math.floor((y - margin) / scale) * size
    for (let x = Math.ceil(margin); x < width - margin; x++) {
      if (data[row + Math.floor((x - margin) / scale)]) {
        pixels[y * rowBytes + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7))
      }
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(width, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
  return `data:image/png;base64,${png.toString('base64')}`
}

/**
 * The bank details and what the payment QR code says, without drawing it: SPAYD for CZK, EPC
 * for EUR, none for other currencies or a free order (the formats refuse a zero amount).
 */
export function bankTransferPayload(order: OrderToPay): {
  readonly details: Omit<BankTransfer, 'qr'>
  readonly qr: { readonly format: 'spayd' | 'epc'; readonly payload: string } | null
} {
  const account = SHOP_BANK_ACCOUNTS[order.currency]
  const variableSymbol = variableSymbolOf(order.number)
  const details = {
    accountName: account.accountName,
    iban: account.iban,
    bic: account.bic,
    variableSymbol,
    amount: order.totalGross,
  }
  if (order.totalGross <= 0) return { details, qr: null }
  const input = {
    ...account,
    amount: order.totalGross,
    variableSymbol,
    message: `Optika ${order.number}`,
  }
  if (order.currency === 'CZK')
    return { details, qr: { format: 'spayd', payload: spaydPayload(input) } }
  if (order.currency === 'EUR')
    return { details, qr: { format: 'epc', payload: epcPayload(input) } }
  return { details, qr: null }
}

/**
 * Bank details for paying an order by transfer, with its payment QR code (SPAYD for CZK, EPC
 * for EUR; other currencies get the details without a code). The variable symbol is the order
 * number's digits.
 */
export async function bankTransferDetails(order: OrderToPay): Promise<PlacedOrder['bankTransfer']> {
  const { details, qr } = bankTransferPayload(order)
  return { ...details, qr: qr ? { ...qr, svg: await qrSvg(qr.payload) } : null }
}
