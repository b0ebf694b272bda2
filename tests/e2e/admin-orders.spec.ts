import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext } from '@playwright/test'
import type { CheckoutState, PlacedOrder } from '@optika/domain/commerce/checkout-api'
import { catalogue } from '@optika/i18n/catalogue'
import type { Locale } from '@optika/i18n/locales'
import { signInAsAdmin } from './sign-in-as-admin.ts'

/** The screens' texts come from the same catalogue the server seeds its dictionary from. */
function text(key: string, params: Record<string, string> = {}, locale: Locale = 'cs'): string {
  const entry = catalogue[key]
  if (!entry) throw new Error(`No catalogue text ${key}`)
  return entry[locale].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')
}

const CUSTOMER = { login: 'zakaznik@optika.example', password: 'Optika-zakaznik-2026' }

/** The demo customer's cart gets the first piece the catalogue can sell. */
async function fillCart(api: APIRequestContext): Promise<void> {
  const list = (await (await api.get('/api/products')).json()) as {
    products: { variants: { id: number }[] }[]
  }
  for (const product of list.products) {
    for (const variant of product.variants) {
      const added = await api.post('/api/pridat-do-kosiku', {
        data: { productId: variant.id, quantity: 1 },
      })
      if (added.ok()) return
    }
  }
  throw new Error('No product of the demo catalogue could be put in the cart')
}

/** The demo customer orders through the storefront's checkout calls (as its pages do). */
async function placeOrder(api: APIRequestContext): Promise<PlacedOrder> {
  const login = await api.post('/api/account/login', { data: CUSTOMER })
  expect(login.status(), await login.text()).toBe(200)
  await fillCart(api)
  const state = (await (await api.get('/api/checkout')).json()) as CheckoutState
  const shipping = state.shippingOptions[0]
  const payment =
    state.paymentOptions.find((option) => option.kind === 'bankTransfer') ?? state.paymentOptions[0]
  expect(shipping && payment).toBeTruthy()
  const { contact, billing } = state.data
  const chosen = await api.put('/api/checkout/shipping-payment', {
    data: {
      country: state.data.country,
      shippingMethodId: shipping!.id,
      paymentMethodId: payment!.id,
      contact: {
        email: contact.email ?? CUSTOMER.login,
        phone: contact.phone ?? '+420 601 123 456',
        name: contact.name ?? 'Jana Zákaznice',
      },
      billing: {
        street: billing.street ?? 'Hlavní 1',
        city: billing.city ?? 'Praha',
        postcode: billing.postcode ?? '110 00',
        country: billing.country ?? state.data.country,
        name: billing.name ?? '',
      },
      deliveryDiffers: false,
    },
  })
  expect(chosen.status(), await chosen.text()).toBe(200)
  const ready = (await chosen.json()) as CheckoutState
  const placed = await api.post('/api/checkout/place-order', {
    headers: { 'idempotency-key': `admin-orders-${Date.now()}-${test.info().workerIndex}` },
    data: {
      agreeTerms: true,
      agreeDataProcessing: true,
      comment: 'Admin orders journey',
      ...(ready.sparePartsChoiceNeeded ? { sparePartsChoice: 'shipAvailable' } : {}),
      expectedTotal: ready.cart.totals.total?.gross ?? 0,
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  return (await placed.json()) as PlacedOrder
}

test('the back office moves a customer order to shipped and the customer sees it', async ({
  browser,
  baseURL,
}) => {
  const shopper = await browser.newContext({ baseURL })
  const order = await placeOrder(shopper.request)

  const backOffice = await browser.newContext({ baseURL })
  const admin = await backOffice.newPage()
  await signInAsAdmin(admin)
  await admin.goto('/admin/shop-orders')
  await expect(
    admin.getByRole('heading', { level: 1, name: text('admin.nav.orders') }),
  ).toBeVisible()
  await admin
    .getByRole('searchbox', { name: text('admin.orders.search.label'), exact: true })
    .fill(order.number)
  // The search lands in the address after its debounce; only then is the list the filtered one
  // (clicking earlier lets the late search navigation replace the detail's).
  await expect(admin).toHaveURL(new RegExp(`[?&]search=${order.number}`))
  const table = admin.getByRole('table', { name: text('admin.orders.listLabel') })
  await expect(table.getByRole('row')).toHaveCount(2)
  await table.getByRole('link', { name: order.number }).click()
  await expect(
    admin.getByRole('heading', { level: 1, name: `${text('order.number')} ${order.number}` }),
  ).toBeVisible()

  for (const status of ['confirmed', 'processing', 'shipped']) {
    const label = text(`orderStatus.${status}`)
    await admin.getByRole('button', { name: text('admin.orders.move', { status: label }) }).click()
    await expect(
      admin
        .getByRole('status')
        .filter({ hasText: text('admin.orders.statusChanged', { status: label }) }),
    ).toBeVisible()
  }
  // Shipped is the last move but one: only "delivered" is offered now, and no cancelling.
  await expect(
    admin.getByRole('button', {
      name: text('admin.orders.move', { status: text('orderStatus.delivered') }),
    }),
  ).toBeVisible()
  await expect(
    admin.getByRole('button', {
      name: text('admin.orders.move', { status: text('orderStatus.cancelled') }),
    }),
  ).toHaveCount(0)
  const history = admin.getByRole('region', { name: text('admin.orders.section.history') })
  for (const status of ['confirmed', 'processing', 'shipped']) {
    await expect(history.getByText(text(`orderStatus.${status}`)).first()).toBeVisible()
  }

  const { violations } = await new AxeBuilder({ page: admin }).analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])

  const customerPage = await shopper.newPage()
  await customerPage.goto('/cs/account/orders')
  const row = customerPage.getByRole('row').filter({ hasText: order.number })
  await expect(row).toContainText(text('orderStatus.shipped'))

  await backOffice.close()
  await shopper.close()
})
