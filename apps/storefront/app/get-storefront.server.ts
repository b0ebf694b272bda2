import type { RouterContextProvider } from 'react-router'
import {
  storefrontContext,
  type StorefrontLoadContext,
} from '@optika/server/web/storefront/load-context'

/** The server's services and this request's context, as the Fastify server put them in the load context. */
export function getStorefront(context: Readonly<RouterContextProvider>): StorefrontLoadContext {
  return context.get(storefrontContext)
}
