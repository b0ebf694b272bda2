import { isDeepStrictEqual } from 'node:util'
import type { LayoutNode } from '@optika/domain/pim/class-definition'
import type { ObjectDetail } from '@optika/domain/pim/object-api'
import type { Db } from '../../platform/db/client.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { ElementRef } from '../../elements/element-services.ts'
import { readWorkflowFieldRules } from '../../elements/workflow/workflow-engine.ts'

function withoutFields(
  data: Readonly<Record<string, unknown>>,
  hidden: ReadonlySet<string>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !hidden.has(name)))
}

function markLayout(
  nodes: readonly LayoutNode[],
  readOnly: ReadonlySet<string>,
  hidden: ReadonlySet<string>,
): LayoutNode[] {
  return nodes.map((node) => {
    if (node.kind !== 'field')
      return { ...node, children: markLayout(node.children, readOnly, hidden) }
    if (hidden.has(node.name)) return { ...node, invisible: true }
    if (readOnly.has(node.name)) return { ...node, noteditable: true }
    return node
  })
}

/**
 * The object as the editor may see it in its workflows' current places: hidden fields are left
 * out of the data, the draft and the inherited values and invisible in the layout; read-only
 * fields are not editable in the layout.
 */
export async function applyWorkflowFieldRules(db: Db, detail: ObjectDetail): Promise<ObjectDetail> {
  const rules = await readWorkflowFieldRules(db, { type: 'object', id: detail.id })
  if (rules.readOnly.length === 0 && rules.hidden.length === 0) return detail
  const hidden = new Set(rules.hidden)
  const readOnly = new Set(rules.readOnly)
  return {
    ...detail,
    layout: markLayout(detail.layout, readOnly, hidden),
    data: withoutFields(detail.data, hidden),
    inherited: withoutFields(detail.inherited, hidden),
    draft: detail.draft
      ? { ...detail.draft, data: withoutFields(detail.draft.data, hidden) }
      : null,
  }
}

/**
 * Guards a save against the workflows' field rules (in the save's transaction): a read-only or
 * hidden field that the input changes is refused with 409; one the input leaves out keeps its
 * stored value even when the whole data is replaced (the editor never had a hidden field).
 */
export async function protectWorkflowFields(
  tx: Db,
  ref: ElementRef,
  input: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
  merged: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const rules = await readWorkflowFieldRules(tx, ref)
  const protectedFields = [...rules.readOnly, ...rules.hidden]
  if (protectedFields.length === 0) return merged
  const changed = protectedFields.filter(
    (name) => name in input && !isDeepStrictEqual(input[name] ?? null, stored[name] ?? null),
  )
  if (changed.length > 0)
    throw new AppError(409, 'WORKFLOW_FIELD_READ_ONLY', 'workflow.error.fieldReadOnly', {
      fields: changed.join(', '),
    })
  const result = { ...merged }
  for (const name of protectedFields) {
    if (name in input) continue
    if (name in stored) result[name] = stored[name]
    else delete result[name]
  }
  return result
}
