import type { ReplaceAssignmentResult, ScheduleAction } from '@optika/domain/pim/element-api'
import type { Db } from '../platform/db/client.ts'
import type { AdminContext } from '../identity/admin-users/admin-context.ts'
import type { ElementRights } from './element-rights.ts'
import type { ElementRef, ElementType } from './element-services.ts'

/**
 * What one element type (objects now; assets and documents next) plugs into the shared element
 * services — versions, locks, notes, properties, dependencies, tags, schedules and the recycle
 * bin — so those never import the type's feature. Every member is optional: without it a type
 * gets the generic behaviour or, where there is none, a translated refusal.
 */
export interface ElementKind {
  /** Other tables' rows that go with an element (by `idColumn`): the bin keeps them and a restore puts them back. */
  readonly cascades?: readonly { readonly table: string; readonly idColumn: string }[]
  /** Deletes an element with its subtree into the bin under the type's own rules (default: the generic delete). */
  deleteToRecycleBin?(ctx: AdminContext, id: number): Promise<{ binId: number; amount: number }>
  /** In the writing transaction, after elements of this type were deleted or restored: derived data follows. */
  afterChange?(tx: Db, ids: readonly number[]): Promise<void>
  /** Runs a due scheduled task other than delete (publish, unpublish, publish a stored version). */
  runScheduledTask?(
    tx: Db,
    task: {
      readonly id: number
      readonly action: Exclude<ScheduleAction, 'delete'>
      readonly versionId: number | null
      readonly userId: number | null
    },
  ): Promise<void>
  /** Replaces references to `from` by `to` in `sources` (all of this type), in the caller's transaction. */
  replaceReferences?(
    ctx: AdminContext,
    tx: Db,
    input: {
      readonly from: ElementRef
      readonly to: ElementRef
      readonly targetPath: string
      readonly sources: readonly ElementRef[]
      readonly rights: ElementRights
    },
  ): Promise<ReplaceAssignmentResult[]>
}

/** The element types the app knows, as buildApp wires them. */
export type ElementKinds = Readonly<Partial<Record<ElementType, ElementKind>>>
