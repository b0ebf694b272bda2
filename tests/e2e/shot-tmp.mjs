import { chromium } from '@playwright/test'
const [,, url, width, out, setup] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] })
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, baseURL: 'http://127.0.0.1:3106' })
await page.goto('/cs')
if (setup !== 'none') {
  const r = await page.request.get('/api/products?p=1&sort=name'); const { products } = await r.json()
  let n = 0
  for (const p of products) { const id = p.variants.length ? p.variants[0].id : p.id; const a = await page.request.post('/api/pridat-do-kosiku', { data: { productId: id, quantity: 1 } }); if (a.ok()) n++; if (n >= 2) break }
}
await page.goto(url)
const worst = await page.evaluate(() => { const w = document.documentElement.clientWidth; const out = []; for (const el of document.querySelectorAll('main *')) { const r = el.getBoundingClientRect(); if (r.width && r.right > w + 0.5) out.push([el.tagName, el.className.toString().slice(0,60), Math.round(r.right)]) } return out.slice(0, 15) })
console.log(JSON.stringify(worst, null, 1))
await page.screenshot({ path: out, fullPage: true })
await browser.close()
