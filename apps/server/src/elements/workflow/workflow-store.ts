import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import {
  WorkflowDefinitionInputSchema,
  type WorkflowDefinitionData,
} from '@optika/domain/elements/workflow'
import type { Db } from '../../platform/db/client.ts'
import { workflowDefinitions, workflowElementStates } from '../../platform/db/schema/workflows.ts'
import type { ElementRef } from '../element-services.ts'

/** A stored definition with its row's id and times. */
export interface StoredWorkflow {
  readonly id: number
  readonly data: WorkflowDefinitionData
  readonly createdAt: Date
  readonly updatedAt: Date
}

type DefinitionRow = typeof workflowDefinitions.$inferSelect

/** Rows were validated when saved; parsing again fills defaults added to the schema since. */
function toStored(row: DefinitionRow): StoredWorkflow {
  return {
    id: row.id,
    data: WorkflowDefinitionInputSchema.parse(row.definition),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** Every definition (the screen's list), by priority then name. */
export async function listWorkflows(db: Db, text?: string): Promise<StoredWorkflow[]> {
  const rows = await db
    .select()
    .from(workflowDefinitions)
    .where(
      text
        ? or(
            ilike(workflowDefinitions.name, escapeLike(text)),
            ilike(workflowDefinitions.label, escapeLike(text)),
          )
        : undefined,
    )
    .orderBy(asc(workflowDefinitions.priority), asc(workflowDefinitions.name))
  return rows.map(toStored)
}

export async function findWorkflowById(db: Db, id: number): Promise<StoredWorkflow | null> {
  const [row] = await db.select().from(workflowDefinitions).where(eq(workflowDefinitions.id, id))
  return row ? toStored(row) : null
}

export async function findWorkflowByName(db: Db, name: string): Promise<StoredWorkflow | null> {
  const [row] = await db
    .select()
    .from(workflowDefinitions)
    .where(eq(workflowDefinitions.name, name))
  return row ? toStored(row) : null
}

/** How many elements have a state in each workflow. */
export async function countWorkflowElements(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: workflowElementStates.workflowId, count: sql<number>`count(*)::int` })
    .from(workflowElementStates)
    .groupBy(workflowElementStates.workflowId)
  return new Map(rows.map((row) => [row.id, Number(row.count)]))
}

/** The element's stored places per workflow id (a workflow without a row: its initial places). */
export async function readElementPlaces(db: Db, ref: ElementRef): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ id: workflowElementStates.workflowId, places: workflowElementStates.places })
    .from(workflowElementStates)
    .where(
      and(
        eq(workflowElementStates.elementType, ref.type),
        eq(workflowElementStates.elementId, ref.id),
      ),
    )
  return new Map(rows.map((row) => [row.id, row.places]))
}

/** Stores the element's places in one workflow (caller's transaction). */
export async function writeElementPlaces(
  db: Db,
  workflowId: number,
  ref: ElementRef,
  places: readonly string[],
): Promise<void> {
  await db
    .insert(workflowElementStates)
    .values({ workflowId, elementType: ref.type, elementId: ref.id, places: [...places] })
    .onConflictDoUpdate({
      target: [
        workflowElementStates.workflowId,
        workflowElementStates.elementType,
        workflowElementStates.elementId,
      ],
      set: { places: [...places], updatedAt: new Date() },
    })
}
