import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { CheckoutState, PlacedOrder } from '@optika/domain/commerce/checkout-api'
import { fillCart } from './checkout-kit.ts'

/** The widths a shopper's screen has in the journeys: two phones and a desktop. */
export const WIDTHS = [320, 375, 1440] as const

/** What sticks out of the page at the current width: nothing, or the elements to blame. */
export interface Overflow {
  readonly scrollWidth: number
  readonly innerWidth: number
  /** CSS paths of the outermost elements reaching past the right edge (a few at most). */
  readonly culprits: readonly string[]
}

/**
 * Measures the page: it overflows when the document is wider than the window. The culprits are
 * the outermost elements whose box ends past the window while their parent's does not, and the
 * innermost ones whose text runs past it, outside any container that clips or scrolls.
 */
export async function measureOverflow(page: Page): Promise<Overflow | null> {
  return page.evaluate<Overflow | null>(MEASURE_OVERFLOW)
}

// Runs in the page, as source text: the journeys are typed without the browser's DOM library.
const MEASURE_OVERFLOW = `(() => {
    const root = document.documentElement
    const innerWidth = window.innerWidth
    if (root.scrollWidth <= innerWidth) return null

    function pathOf(element) {
      const parts = []
      for (let node = element; node && node !== root; node = node.parentElement) {
        let part = node.tagName.toLowerCase()
        if (node.id) {
          parts.unshift(\`\${part}#\${node.id}\`)
          break
        }
        const testId = node.getAttribute('data-testid')
        if (testId) part += \`[data-testid="\${testId}"]\`
        else if (typeof node.className === 'string' && node.className.trim())
          part += \`.\${node.className.trim().split(' ').filter(Boolean).slice(0, 3).join('.')}\`
        parts.unshift(part)
      }
      return parts.join(' > ')
    }
    // A container that scrolls or clips hides what is inside, except what is positioned out of
    // it: an absolutely positioned element (a screen-reader text) whose containing block lies
    // outside the container still widens the page.
    function clipped(element) {
      const position = getComputedStyle(element).position
      let escapes = position === 'absolute' || position === 'fixed'
      for (
        let node = element.parentElement;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const style = getComputedStyle(node)
        if (style.overflowX !== 'visible' && !escapes) return true
        if (escapes && position === 'absolute' && style.position !== 'static') escapes = false
      }
      return false
    }
    const sticksOut = (element) => element.getBoundingClientRect().right > innerWidth + 0.5
    // Text wider than its own box (a long word in a heading) reaches past it without moving it.
    const spillsOver = (element) =>
      getComputedStyle(element).overflowX === 'visible' &&
      element.scrollWidth > element.clientWidth + 1 &&
      element.getBoundingClientRect().left + element.scrollWidth > innerWidth + 0.5
    const elements = new Set(
      [...document.body.querySelectorAll('*')].filter((element) => !clipped(element)),
    )
    const counted = (element) => element !== null && elements.has(element)
    const boxes = [...elements].filter(
      (element) =>
        sticksOut(element) &&
        !(counted(element.parentElement) && sticksOut(element.parentElement)),
    )
    const texts = [...elements].filter(
      (element) =>
        !sticksOut(element) &&
        spillsOver(element) &&
        ![...element.children].some(
          (child) => counted(child) && (spillsOver(child) || sticksOut(child)),
        ),
    )
    const culprits = [...boxes, ...texts].slice(0, 4).map(pathOf)
    return { scrollWidth: root.scrollWidth, innerWidth, culprits }
})()`

/**
 * Opens `path` and measures it at every width, resizing the window in between; returns one line
 * for each width at which the page scrolls sideways. With `axeAt`, the page is also scanned by axe
 * at that width, and every violation of any impact is returned as a line too.
 */
export async function overflowsOf(page: Page, path: string, axeAt?: number): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 })
  const response = await page.goto(path)
  expect(response?.status(), `${path} answers`).toBeLessThan(500)
  // Account pages fetch their lists after loading: measure once the page has everything.
  await page.waitForLoadState('networkidle')
  const found: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 1000 ? 800 : 900 })
    await expect.poll(() => page.evaluate<number>('window.innerWidth')).toBe(width)
    const overflow = await measureOverflow(page)
    if (overflow)
      found.push(
        `${path} at ${width} px is ${overflow.scrollWidth} px wide: ${overflow.culprits.join(' | ') || '(no single element)'}`,
      )
    if (width === axeAt) {
      const { violations } = await new AxeBuilder({ page }).analyze()
      for (const violation of violations)
        found.push(
          `${path} at ${width} px, axe ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        )
    }
  }
  return found
}

/** Saves the shipping-and-payment step with the first offered methods, so the final check opens. */
export async function saveShippingStep(request: APIRequestContext): Promise<CheckoutState> {
  const state = (await (await request.get('/api/checkout')).json()) as CheckoutState
  const shipping = state.shippingOptions.find((option) => !option.zipBased)
  const payment = state.paymentOptions.find((option) => option.kind === 'bankTransfer')
  expect(shipping, 'a shipping method is offered').toBeDefined()
  expect(payment, 'bank transfer is offered').toBeDefined()
  const response = await request.put('/api/checkout/shipping-payment', {
    data: {
      country: 'CZ',
      shippingMethodId: shipping?.id,
      paymentMethodId: payment?.id,
      contact: {
        email: state.data.contact.email || 'jana.novakova@example.cz',
        phone: state.data.contact.phone || '+420 601 234 567',
        name: state.data.contact.name || 'Jana Nováková',
      },
      billing: { street: 'Dlouhá 12', city: 'Praha', postcode: '110 00', country: 'CZ' },
      deliveryDiffers: false,
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as CheckoutState
}

/** Puts one item in the visitor's cart, goes through the shipping step and places the order. */
export async function placeDemoOrder(request: APIRequestContext): Promise<PlacedOrder> {
  await fillCart(request)
  const state = await saveShippingStep(request)
  const response = await request.post('/api/checkout/place-order', {
    headers: { 'idempotency-key': `overflow-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      agreeTerms: true,
      agreeDataProcessing: true,
      expectedTotal: state.cart.totals.total?.gross ?? 0,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as PlacedOrder
}
