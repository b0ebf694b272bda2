import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type {
  Addresses,
  AddressUpsertSchema,
  CustomerAddress,
} from '@optika/domain/accounts/profile-api'
import type { z } from 'zod'
import type { Db } from '../../platform/db/client.ts'
import { customerAddresses } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { normalizePhone, normalizePostcode, phoneError, postcodeError } from './contact-rules.ts'
import { countryOf, fieldErrors } from './profile.service.ts'

type AddressRow = typeof customerAddresses.$inferSelect
type AddressUpsert = z.output<typeof AddressUpsertSchema>

/** Delivery addresses one account may keep (a bound on what one session can write). */
export const MAX_DELIVERY_ADDRESSES = 20

export function addressNotFound(): AppError {
  return new AppError(404, 'ADDRESS_NOT_FOUND', 'error.addressNotFound')
}

export function toAddress(row: AddressRow): CustomerAddress {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    company: row.company,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    region: row.region,
    country: countryOf(row.country),
    phone: row.phone,
    isDefault: row.kind === 'delivery' && row.isDefault,
  }
}

export async function listAddressRows(db: Db, customerId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(
      asc(customerAddresses.kind),
      desc(customerAddresses.isDefault),
      asc(customerAddresses.id),
    )
}

export async function listAddresses(db: Db, customerId: number): Promise<Addresses> {
  const rows = await listAddressRows(db, customerId)
  const billing = rows.find((r) => r.kind === 'billing')
  return {
    billing: billing ? toAddress(billing) : null,
    delivery: rows.filter((r) => r.kind === 'delivery').map(toAddress),
  }
}

function validate(input: AddressUpsert): void {
  fieldErrors([
    postcodeError('body/postcode', input.postcode, input.country),
    input.phone ? phoneError('body/phone', input.phone, input.country) : null,
  ])
}

const blankToNull = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value

function columnsOf(input: AddressUpsert) {
  return {
    name: input.name ?? '',
    company: blankToNull(input.company),
    street: input.street,
    city: input.city,
    postcode: normalizePostcode(input.postcode, input.country),
    region: blankToNull(input.region),
    country: input.country,
    phone: input.phone ? normalizePhone(input.phone) : null,
    updatedAt: new Date(),
  }
}

/** The viewer's address by id; another customer's id is 'Address not found', like no id at all. */
async function ownAddress(db: Db, customerId: number, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
    .limit(1)
  if (!row) throw addressNotFound()
  return row
}

/**
 * Adds a delivery address (the first one, or one marked default, becomes the default), or the
 * billing address when the account has none yet. The billing country is the account's country.
 */
export async function createAddress(
  db: Db,
  customerId: number,
  input: AddressUpsert,
): Promise<CustomerAddress> {
  validate(input)
  return db.transaction(async (tx) => {
    // Lock the customer row: two requests cannot both add a second billing address or the 21st.
    await tx.execute(sql`select id from customers where id = ${customerId} for update`)
    const rows = await listAddressRows(tx, customerId)
    if (input.kind === 'billing') {
      if (rows.some((r) => r.kind === 'billing')) {
        throw new AppError(409, 'BILLING_EXISTS', 'profile.billingExists')
      }
      const [row] = await tx
        .insert(customerAddresses)
        .values({ customerId, kind: 'billing', ...columnsOf(input) })
        .returning()
      await tx.update(customers).set({ country: input.country }).where(eq(customers.id, customerId))
      return toAddress(row!)
    }
    const delivery = rows.filter((r) => r.kind === 'delivery')
    if (delivery.length >= MAX_DELIVERY_ADDRESSES) {
      throw new AppError(409, 'TOO_MANY_ADDRESSES', 'profile.tooManyAddresses', {
        value: MAX_DELIVERY_ADDRESSES,
      })
    }
    const isDefault = delivery.length === 0 || input.isDefault === true
    if (isDefault) await clearDefault(tx, customerId)
    const [row] = await tx
      .insert(customerAddresses)
      .values({ customerId, kind: 'delivery', isDefault, ...columnsOf(input) })
      .returning()
    return toAddress(row!)
  })
}

async function clearDefault(db: Db, customerId: number, exceptId?: number): Promise<void> {
  await db
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        eq(customerAddresses.kind, 'delivery'),
        exceptId === undefined ? undefined : ne(customerAddresses.id, exceptId),
      ),
    )
}

/**
 * Edits one of the viewer's addresses. Its kind stays; `isDefault: true` moves the default to it
 * (the default is changed by choosing another one, never left empty).
 */
export async function updateAddress(
  db: Db,
  customerId: number,
  id: number,
  input: AddressUpsert,
): Promise<CustomerAddress> {
  const existing = await ownAddress(db, customerId, id)
  validate(input)
  return db.transaction(async (tx) => {
    const makeDefault = existing.kind === 'delivery' && input.isDefault === true
    if (makeDefault) await clearDefault(tx, customerId, id)
    const [row] = await tx
      .update(customerAddresses)
      .set({ ...columnsOf(input), ...(makeDefault ? { isDefault: true } : {}) })
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
      .returning()
    if (!row) throw addressNotFound()
    if (row.kind === 'billing') {
      await tx.update(customers).set({ country: row.country }).where(eq(customers.id, customerId))
    }
    return toAddress(row)
  })
}

/** Deletes a delivery address (the oldest remaining one becomes default); billing stays (409). */
export async function deleteAddress(db: Db, customerId: number, id: number): Promise<void> {
  const existing = await ownAddress(db, customerId, id)
  if (existing.kind === 'billing') {
    throw new AppError(409, 'BILLING_REQUIRED', 'profile.billingRequired')
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
    if (!existing.isDefault) return
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(
        and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.kind, 'delivery')),
      )
      .orderBy(asc(customerAddresses.id))
      .limit(1)
    if (next) {
      await tx
        .update(customerAddresses)
        .set({ isDefault: true })
        .where(eq(customerAddresses.id, next.id))
    } else {
      // No delivery address left: goods go to the billing address again.
      await tx.update(customers).set({ deliveryDiffers: false }).where(eq(customers.id, customerId))
    }
  })
}
