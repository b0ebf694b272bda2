import { route, type RouteConfig } from '@react-router/dev/routes'
import { ROUTES } from '@optika/domain/routing/routes'

// Page paths come from ROUTES, the table every link is built from, so the two cannot drift apart.
// Unknown paths fall through to the not-found page: with a language segment, in that language.
export default [
  route(ROUTES.home, 'routes/home.tsx'),
  route(ROUTES.category, 'routes/category.tsx'),
  route(ROUTES.product, 'routes/product.tsx'),
  route(ROUTES.search, 'routes/search.tsx'),
  route(ROUTES.terms, 'routes/terms.tsx'),
  route(ROUTES.privacy, 'routes/privacy.tsx'),
  route(ROUTES.contact, 'routes/contact.tsx'),
  route(`${ROUTES.home}/*`, 'routes/not-found.tsx', { id: 'routes/locale-not-found' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
