import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] })
const page = await browser.newPage({ viewport: { width: 320, height: 900 }, baseURL: 'http://127.0.0.1:3106' })
for (const url of ['/cs', '/cs/cart', '/hu']) {
  await page.goto(url)
  console.log(url, await page.evaluate(() => { const m = document.querySelector('main'); const r = document.documentElement; const h = document.querySelector('header'); return { main: m.scrollWidth - m.clientWidth, doc: r.scrollWidth - r.clientWidth, header: h ? h.scrollWidth - h.clientWidth : null } }))
}
await browser.close()
