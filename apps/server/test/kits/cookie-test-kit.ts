import { cookieName } from '../../src/platform/http/cookie-policy.ts'

/**
 * The cookie names of a test app built with the default PUBLIC_URL (http://localhost, so Secure
 * with `__Host-`). An app on another policy names its cookies by `app.cookiePolicy`.
 */
export const ADMIN_SESSION_COOKIE = cookieName('adminSession', true)
export const CUSTOMER_SESSION_COOKIE = cookieName('customerSession', true)
export const CART_COOKIE = cookieName('cart', true)
