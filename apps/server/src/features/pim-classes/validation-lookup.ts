import type { ValidationLookup } from '@optika/domain/pim/validate-object-data'
import type { Db } from '../../db/client.ts'

/** Reads select-option sets, field collections, bricks, classification-store keys and units for validating objects. */
export async function loadValidationLookup(db: Db): Promise<ValidationLookup> {
  void db
  throw new Error('loadValidationLookup: not implemented yet')
}
