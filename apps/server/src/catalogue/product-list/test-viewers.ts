import { ANONYMOUS_VIEWER, type Viewer } from '@optika/domain/accounts/viewer'

/**
 * Test support: the signed-in viewers the catalogue tests price for — a Czech and a Slovak
 * customer and an approved partner on the fixture's price list.
 */
export function testViewers(priceListId: number): {
  customer: Viewer
  slovakCustomer: Viewer
  partner: Viewer
} {
  const customer: Viewer = {
    ...ANONYMOUS_VIEWER,
    customerId: 1,
    kind: 'customer',
    country: 'CZ',
    displayName: 'Jana',
  }
  return {
    customer,
    slovakCustomer: { ...customer, customerId: 2, country: 'SK' },
    partner: {
      ...customer,
      customerId: 3,
      kind: 'partner',
      partnerStatus: 'approved',
      priceListId,
    },
  }
}
