import QRCode from 'qrcode'
import type { Sharp } from 'sharp'
import { describe, expect, it } from 'vitest'
import { loadSharp } from '../../platform/images/load-sharp.ts'
import { bankTransferDetails, bankTransferPayload, qrPngDataUrl, qrSvg } from './bank-transfer.ts'

/** A PNG's size and its pixels as greyscale values, decoded by libvips. */
async function greyPixels(
  image: Buffer | Sharp,
): Promise<{ width: number; height: number; grey: number[] }> {
  const sharp = await loadSharp()
  const { data, info } = await (Buffer.isBuffer(image) ? sharp(image) : image)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const grey: number[] = []
  for (let i = 0; i < data.length; i += info.channels) grey.push(data[i]!)
  return { width: info.width, height: info.height, grey }
}

describe('bank transfer details', () => {
  it('carry a SPAYD QR code drawn as SVG for a CZK order', async () => {
    const details = await bankTransferDetails({
      number: '2026000042',
      currency: 'CZK',
      totalGross: 254_100,
    })
    expect(details).toMatchObject({
      accountName: 'Optika',
      iban: 'CZ8399990000001234567805',
      bic: 'OPTKCZPP',
      variableSymbol: '2026000042',
      amount: 254_100,
      qr: {
        format: 'spayd',
        payload:
          'SPD*1.0*ACC:CZ8399990000001234567805+OPTKCZPP*AM:2541.00*CC:CZK*X-VS:2026000042*MSG:OPTIKA 2026000042',
      },
    })
    expect(details?.qr?.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox/)
  })

  it('carry an EPC code for EUR, the Slovak account', async () => {
    const details = await bankTransferDetails({
      number: '2026000043',
      currency: 'EUR',
      totalGross: 9_990,
    })
    expect(details?.iban).toBe('SK9299990000009876543211')
    expect(details?.qr?.format).toBe('epc')
    expect(details?.qr?.payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'OPTKSKBA',
      'Optika',
      'SK9299990000009876543211',
      'EUR99.90',
      '',
      '',
      '/VS2026000043/SS/KS Optika 2026000043',
    ])
  })

  it('have no code for other currencies or nothing to pay', async () => {
    const huf = await bankTransferDetails({
      number: '2026000044',
      currency: 'HUF',
      totalGross: 1_000_000,
    })
    expect(huf).toMatchObject({ iban: 'HU84999999990000000123456786', qr: null })
    const free = await bankTransferDetails({ number: '2026000045', currency: 'CZK', totalGross: 0 })
    expect(free).toMatchObject({ amount: 0, qr: null })
  })

  it("draw the mail's PNG code with the same pixels as the qrcode package, one bit a pixel", async () => {
    const spayd = bankTransferPayload({
      number: '2026000042',
      currency: 'CZK',
      totalGross: 254_100,
    })
    const epc = bankTransferPayload({ number: '2026000043', currency: 'EUR', totalGross: 9_990 })
    // Codes of three sizes, so a module is a different fraction of 240 pixels in each.
    for (const payload of [spayd.qr!.payload, epc.qr!.payload, 'x']) {
      const url = await qrPngDataUrl(payload)
      expect(url).toMatch(/^data:image\/png;base64,/)
      const ours = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
      // IHDR: bit depth 1, colour type 0 (greyscale).
      expect([ours[24], ours[25]]).toEqual([1, 0])
      const theirs = await QRCode.toBuffer(payload, {
        errorCorrectionLevel: 'M',
        margin: 4,
        width: 240,
      })
      const drawn = await greyPixels(ours)
      expect(drawn.width).toBe(240)
      expect(drawn).toEqual(await greyPixels(theirs))
      expect(ours.length).toBeLessThan(theirs.length)
    }
  })
  it("draw the finished page's SVG code with the same modules as the qrcode package", async () => {
    const sharp = await loadSharp()
    const epc = bankTransferPayload({ number: '2026000043', currency: 'EUR', totalGross: 9_990 })
    for (const payload of [epc.qr!.payload, 'x']) {
      const ours = await qrSvg(payload)
      expect(ours).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox/)
      const theirs = await QRCode.toString(payload, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 4,
      })
      // Both drawn at 10 pixels a module.
      const raster = (svg: string) => greyPixels(sharp(Buffer.from(svg), { density: 720 }))
      expect(await raster(ours)).toEqual(await raster(theirs))
    }
  })
})
