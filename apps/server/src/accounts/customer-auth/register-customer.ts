import { and, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { RegistrationSchema } from '@optika/domain/accounts/account-api'
import { randomClientNumber } from '@optika/domain/accounts/client-number'
import { normalizePhone, normalizePostcode } from '@optika/domain/accounts/contact-formats'
import type { Country } from '@optika/domain/commerce/countries'
import type { Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { customerAddresses } from '../../platform/db/schema/accounts.ts'
import { customers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { hashPassword } from '../../platform/passwords/passwords.ts'

export type Registration = z.output<typeof RegistrationSchema>

/** How often a colliding random client number is drawn again before giving up. */
const CLIENT_NUMBER_ATTEMPTS = 8

export function emailExists(): AppError {
  return new AppError(409, 'EMAIL_EXISTS', 'validation.emailExists', {}, [
    { path: 'body/email', key: 'validation.emailExists' },
  ])
}

export function usernameTaken(): AppError {
  return new AppError(409, 'USERNAME_TAKEN', 'account.usernameTaken', {}, [
    { path: 'body/username', key: 'account.usernameTaken' },
  ])
}

/** The name of the unique index a database error violated, if it is one. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint
      const named = /"([^"]+)"/.exec(e.message)?.[1]
      return named ?? 'unknown'
    }
  }
  return null
}

/** Refuses an e-mail or username somebody (not deleted) already uses, case-insensitively. */
async function assertLoginsFree(db: Db, email: string, username: string | null): Promise<void> {
  const taken = await db
    .select({ email: customers.email, username: customers.username })
    .from(customers)
    .where(
      or(
        sql`lower(${customers.email}) = lower(${email})`,
        username === null
          ? sql`false`
          : and(
              sql`lower(${customers.username}) = lower(${username})`,
              isNull(customers.deletedAt),
            ),
        // Someone's e-mail cannot be another's username either: login takes both.
        username === null ? sql`false` : sql`lower(${customers.email}) = lower(${username})`,
      ),
    )
    .limit(2)
  if (taken.some((row) => row.email.toLowerCase() === email.toLowerCase())) throw emailExists()
  if (taken.length > 0) throw usernameTaken()
}

/**
 * Creates the account (customer or pending partner) with its billing address and, when it
 * differs, its delivery address: all or nothing. The client number is drawn at random and the
 * unique index settles collisions (a retry draws another), so concurrent registrations never
 * share one. Returns the new customer row.
 */
export async function registerCustomer(
  db: Db,
  input: Registration,
  options: {
    locale: Locale
    /** Draws a client number; tests pass one that collides to prove the retry. */
    drawClientNumber?: () => string
  },
): Promise<typeof customers.$inferSelect> {
  const email = input.email.trim()
  const username = input.username ? input.username.trim() : null
  await assertLoginsFree(db, email, username)
  const passwordHash = await hashPassword(input.password)
  const country: Country = input.billingAddress.country
  const now = new Date()
  const partner = input.kind === 'partner'
  const name = `${input.firstName} ${input.lastName}`.trim()

  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [customer] = await tx
          .insert(customers)
          .values({
            kind: input.kind,
            email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            company: input.company || null,
            clientNumber: (options.drawClientNumber ?? randomClientNumber)(),
            partnerStatus: partner ? 'pending' : null,
            language: options.locale,
            country,
            username,
            phone: normalizePhone(input.phone),
            tin: input.tin || null,
            vatId: input.vatId || null,
            owner: input.owner || null,
            contactPerson: input.contactPerson || null,
            website: input.website || null,
            gps: input.gps || null,
            deliveryDiffers: input.deliveryDiffers,
            newsletter: input.newsletter,
            newsletterConsentAt: input.newsletter ? now : null,
            termsAcceptedAt: now,
            privacyAcceptedAt: now,
            passwordChangedAt: now,
          })
          .returning()
        if (!customer) throw new Error('customer not inserted')
        const billing = input.billingAddress
        const addresses: (typeof customerAddresses.$inferInsert)[] = [
          {
            customerId: customer.id,
            kind: 'billing',
            name: billing.name || name,
            company: billing.company || input.company || null,
            street: billing.street,
            city: billing.city,
            postcode: normalizePostcode(billing.postcode, billing.country),
            region: billing.region || null,
            country: billing.country,
            phone: billing.phone ? normalizePhone(billing.phone) : null,
            isDefault: true,
          },
        ]
        const delivery = input.deliveryAddress
        if (input.deliveryDiffers && delivery?.country) {
          addresses.push({
            customerId: customer.id,
            kind: 'delivery',
            name: delivery.name || name,
            company: delivery.company || null,
            street: delivery.street ?? '',
            city: delivery.city ?? '',
            postcode: normalizePostcode(delivery.postcode ?? '', delivery.country),
            region: delivery.region || null,
            country: delivery.country,
            phone: delivery.phone ? normalizePhone(delivery.phone) : null,
            isDefault: true,
          })
        }
        await tx.insert(customerAddresses).values(addresses)
        return customer
      })
    } catch (error) {
      const index = violatedUniqueIndex(error)
      if (index === 'customers_client_number_unique' && attempt < CLIENT_NUMBER_ATTEMPTS) continue
      // Somebody registered the same e-mail or username a moment ago.
      if (index === 'customers_email_unique') throw emailExists()
      if (index === 'customers_username_unique') throw usernameTaken()
      throw error
    }
  }
}
