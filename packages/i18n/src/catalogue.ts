import type { CatalogueSection } from './catalogue/entry.ts'
import { adminCatalogue } from './catalogue/admin.ts'
import { adminAuthCatalogue } from './catalogue/admin-auth.ts'
import { adminUsersCatalogue } from './catalogue/admin-users.ts'
import { seedCatalogue } from './catalogue/seed.ts'
import { serverCatalogue } from './catalogue/server.ts'
import { storefrontCatalogue } from './catalogue/storefront.ts'

/**
 * The default translation catalogue, seeded into the database's dictionary. Sections are split by
 * who shows the text; a key may live in one section only (the catalogue test checks).
 */
export const CATALOGUE_SECTIONS = {
  seed: seedCatalogue,
  server: serverCatalogue,
  storefront: storefrontCatalogue,
  admin: adminCatalogue,
  adminAuth: adminAuthCatalogue,
  adminUsers: adminUsersCatalogue,
} as const satisfies Record<string, CatalogueSection>

export const catalogue: CatalogueSection = Object.assign(
  {},
  ...Object.values(CATALOGUE_SECTIONS),
) as CatalogueSection
