import ExcelJS from 'exceljs'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import {
  priceListFileName,
  renderPriceList,
  safeCell,
  type PriceListLabels,
} from './price-list-files.ts'
import type { PriceListContent } from './price-lists.service.ts'

const labels: PriceListLabels = {
  code: 'Kód',
  name: 'Název',
  catalogPrice: 'Katalogová cena',
  partnerPrice: 'Vaše cena bez DPH',
  currency: 'Měna',
  title: 'Ceník',
}

function content(name: string, rows: number): PriceListContent {
  return {
    id: 7,
    name,
    currency: 'EUR',
    rows: Array.from({ length: rows }, (_, i) => ({
      code: `C-${String(i).padStart(4, '0')}`,
      name: `Rámeček ${i} – žluťoučký kůň, Łódź, Győr, Brașov`,
      catalogPrice: 10_000 + i,
      partnerPrice: 8_000 + i,
    })),
  }
}

describe('price list files', () => {
  it('keeps spreadsheet formulas out of CSV cells', () => {
    expect(safeCell('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`)
    expect(safeCell('+1+1')).toBe("'+1+1")
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(safeCell('-A1')).toBe("'-A1")
    expect(safeCell('-10 % frame')).toBe('-10 % frame')
    expect(safeCell('RB-3025')).toBe('RB-3025')
  })

  it('names the file after the list without accents or unsafe characters', () => {
    expect(priceListFileName(content('Velkoobchod ČR / 2026', 0), 'csv')).toBe(
      'Velkoobchod-CR-2026.csv',
    )
    expect(priceListFileName(content('???', 0), 'pdf')).toBe('price-list-7.pdf')
  })

  it('makes a workbook even when the list name is not a valid sheet name', async () => {
    const file = await renderPriceList(content("'[Partner]: A/B?'", 2), 'xlsx', labels)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer)
    expect(workbook.worksheets[0]?.name).toBe('Partner   A B')
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([
      undefined,
      'C-0000',
      'Rámeček 0 – žluťoučký kůň, Łódź, Győr, Brașov',
      100,
      80,
      'EUR',
    ])
  })

  it('continues a long list on further PDF pages', async () => {
    const file = await renderPriceList(content('Long', 150), 'pdf', labels)
    const pdf = await PDFDocument.load(file.body)
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3)
  })
})
