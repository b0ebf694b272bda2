import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import { contextBoundaries } from './context-boundaries.js'

RuleTester.describe = describe
RuleTester.it = it

const root = '/repo'
const options = [{ root }]
const server = (path: string) => `${root}/apps/server/src/${path}`
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } })

tester.run('context-boundaries', contextBoundaries, {
  valid: [
    // Same context, and a context below.
    {
      code: "import { x } from './cart-store.ts'",
      filename: server('commerce/cart/a.ts'),
      options,
    },
    {
      code: "import { x } from '../../catalogue/reads/catalogue-urls.ts'",
      filename: server('commerce/cart/a.ts'),
      options,
    },
    {
      code: "import { x } from '../platform/db/client.ts'",
      filename: server('elements/a.ts'),
      options,
    },
    // The composition root and scripts wire everything.
    { code: "import { x } from './demo/seed-demo-data.ts'", filename: server('app.ts'), options },
    // Tests may use any kit.
    {
      code: "import { x } from '../../../test/kits/cart-test-kit.ts'",
      filename: server('catalogue/product-list/a.test.ts'),
      options,
    },
    { code: "import { z } from 'zod'", filename: server('platform/http/a.ts'), options },
  ],
  invalid: [
    {
      code: "import { deleteElement } from '../pim/objects/object-elements.ts'",
      filename: server('elements/recycle-bin.ts'),
      options,
      errors: [{ messageId: 'upward', data: { from: 'elements', to: 'pim' } }],
    },
    {
      code: "export { x } from '../../commerce/orders/order-record.ts'",
      filename: server('accounts/partner/a.ts'),
      options,
      errors: [{ messageId: 'upward' }],
    },
    {
      code: "const m = await import('../../web/storefront/load-context.ts')",
      filename: server('platform/jobs/a.ts'),
      options,
      errors: [{ messageId: 'upward' }],
    },
    {
      code: "import { insertCustomer } from '../../../test/kits/customer-auth-test-kit.ts'",
      filename: server('accounts/customer-auth/a.ts'),
      options,
      errors: [{ messageId: 'testSupport' }],
    },
    {
      code: "import { x } from '../../platform/db/client.ts'",
      filename: server('features/cart/a.ts'),
      options,
      errors: [{ messageId: 'unknown' }],
    },
  ],
})
