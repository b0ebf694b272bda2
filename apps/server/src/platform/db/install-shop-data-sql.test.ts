import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClassExportSchema, listFields } from '@optika/domain/pim/class-definition'
import { DEFAULT_QUANTITY_UNITS } from '@optika/domain/pim/default-units'
import { SHOP_CLASSES } from '@optika/domain/pim/shop-classes'
import type { Database } from './client.ts'
import { installShopDataSql } from './install-shop-data-sql.ts'
import { objectClasses } from './schema/elements.ts'
import { quantityValueUnits } from './schema/pim.ts'
import { createTestDatabase } from '../../../test/test-database.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

describe('the shop classes and default units', () => {
  it('are valid class exports with unique field names per class', () => {
    for (const shopClass of SHOP_CLASSES) {
      expect(ClassExportSchema.parse(shopClass)).toMatchObject({ id: shopClass.id })
      const names = listFields(shopClass.definition.layout).map((f) => f.field.name)
      expect(new Set(names).size, shopClass.id).toBe(names.length)
    }
  })

  it('are what migration 0004 installs, to the letter', () => {
    const migration = readFileSync(
      new URL('./migrations/0004_shop_classes_and_units.sql', import.meta.url),
      'utf8',
    )
    expect(migration).toBe(installShopDataSql())
  })

  it('are in every migrated database', async () => {
    const classes = await database.db.select().from(objectClasses)
    for (const shopClass of SHOP_CLASSES) {
      expect(classes.find((c) => c.id === shopClass.id)?.definition).toEqual(shopClass.definition)
    }
    const units = await database.db.select().from(quantityValueUnits)
    expect(units.map((u) => u.id).sort()).toEqual(DEFAULT_QUANTITY_UNITS.map((u) => u.id).sort())
  })

  it('leave classes and units edited in the back office alone when installed again', async () => {
    await database.db
      .update(objectClasses)
      .set({ name: 'Edited brand' })
      .where(eq(objectClasses.id, 'Brand'))
    await database.db
      .update(quantityValueUnits)
      .set({ longname: 'milimetr' })
      .where(eq(quantityValueUnits.id, 'mm'))
    for (const statement of installShopDataSql().split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement))
    }
    const [brand] = await database.db
      .select()
      .from(objectClasses)
      .where(eq(objectClasses.id, 'Brand'))
    const [mm] = await database.db
      .select()
      .from(quantityValueUnits)
      .where(eq(quantityValueUnits.id, 'mm'))
    expect(brand?.name).toBe('Edited brand')
    expect(mm?.longname).toBe('milimetr')
  })
})
