// The one place drizzle-kit and the database client read the whole schema from.
export * from './translations.ts'
export * from './elements.ts'
export * from './commerce.ts'
export * from './users.ts'
export * from './identity.ts'
export * from './pim.ts'
export * from './accounts.ts'
export * from './asset-thumbnails.ts'
