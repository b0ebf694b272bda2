import { installShopDataSql } from '../platform/db/install-shop-data-sql.ts'

/** Prints the SQL of migration 0004 (the shop classes and default units), to regenerate it after changing them. */
process.stdout.write(installShopDataSql())
