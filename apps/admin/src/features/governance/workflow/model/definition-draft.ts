import type {
  WorkflowDefinition,
  WorkflowDefinitionData,
  WorkflowGlobalAction,
  WorkflowPlace,
  WorkflowTransition,
} from '@optika/domain/elements/workflow'

/** The definition as the editor holds it: every part present, defaults filled in. */
export type WorkflowDraft = WorkflowDefinitionData

/** A problem of the draft by dotted input path (`transitions.2.to`), already translated. */
export type DraftErrors = Readonly<Record<string, string>>

/**
 * The server names a problem by dotted path (its own validation: `transitions.2.to.0`) or, for
 * a request the schema refused, by the body's JSON pointer (`body/places/0/name`). Both become
 * the dotted path the editor's fields are named by.
 */
export function issuePathOf(path: string): string {
  return path
    .replace(/^body(?=[/.]|$)/, '')
    .split(/[/.]/)
    .filter((part) => part !== '')
    .join('.')
}

/** The message for exactly this path, or for one of its items (`transitions.2.to` ← `…to.0`). */
export function errorAt(errors: DraftErrors, path: string): string | undefined {
  if (errors[path] !== undefined) return errors[path]
  const below = `${path}.`
  const item = Object.keys(errors).find(
    (key) => key.startsWith(below) && /^\d+$/.test(key.slice(below.length)),
  )
  return item === undefined ? undefined : errors[item]
}

/** How many problems lie at or below `prefix` (a tab's or a row's badge). */
export function errorCountBelow(errors: DraftErrors, prefix: string): number {
  return Object.keys(errors).filter((key) => key === prefix || key.startsWith(`${prefix}.`)).length
}

const NEUTRAL_COLOR = '#868e96'

export function newPlace(existing: readonly WorkflowPlace[]): WorkflowPlace {
  return {
    name: uniqueName('place', existing),
    label: '',
    color: NEUTRAL_COLOR,
    description: '',
    fieldRules: [],
  }
}

const NO_GUARD = { roleIds: [], permissions: [], expression: null }
const NO_NOTES = {
  enabled: false,
  required: false,
  type: 'Status update',
  title: '',
  additionalFields: [],
}

export function newTransition(draft: WorkflowDraft): WorkflowTransition {
  const first = draft.places[0]?.name
  const second = draft.places[1]?.name ?? first
  return {
    name: uniqueName('transition', draft.transitions),
    label: '',
    from: first === undefined ? [] : [first],
    to: second === undefined ? [] : [second],
    guard: { ...NO_GUARD },
    notes: { ...NO_NOTES },
    notify: { userIds: [], roleIds: [] },
    customHtml: '',
    changePublishedState: 'noChange',
  }
}

export function newGlobalAction(draft: WorkflowDraft): WorkflowGlobalAction {
  return {
    name: uniqueName('action', draft.globalActions),
    label: '',
    to: [],
    guard: { ...NO_GUARD },
    notes: { ...NO_NOTES },
    notify: { userIds: [], roleIds: [] },
    customHtml: '',
    changePublishedState: 'noChange',
  }
}

/** A new definition: a state machine with one place, where elements start. */
export function emptyDraft(): WorkflowDraft {
  return {
    name: '',
    label: '',
    type: 'state_machine',
    enabled: true,
    priority: 0,
    supports: { objectClasses: [], assetTypes: [], documentTypes: [] },
    places: [{ name: 'draft', label: '', color: NEUTRAL_COLOR, description: '', fieldRules: [] }],
    initialPlaces: ['draft'],
    transitions: [],
    globalActions: [],
  }
}

/** A stored definition as a draft (what PUT takes back). */
export function draftOf(definition: WorkflowDefinition): WorkflowDraft {
  const {
    id: _id,
    createdAt: _created,
    modifiedAt: _modified,
    elementCount: _count,
    ...data
  } = definition
  return data
}

/** `base`, or `base_2`, `base_3`… — the first name no item has. */
function uniqueName(base: string, items: readonly { name: string }[]): string {
  const taken = new Set(items.map((item) => item.name))
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}_${n}`)) n += 1
  return `${base}_${n}`
}

function renameIn(names: readonly string[], from: string, to: string): string[] {
  return names.map((name) => (name === from ? to : name))
}

/**
 * Renames place `index` and, unless another place already has the new name, every reference to
 * it (initial places, transitions' from/to, global actions' to) with it.
 */
export function renamePlace(draft: WorkflowDraft, index: number, name: string): WorkflowDraft {
  const old = draft.places[index]?.name
  if (old === undefined) return draft
  const places = draft.places.map((place, at) => (at === index ? { ...place, name } : place))
  const clash = draft.places.some((place, at) => at !== index && place.name === name)
  if (clash || old === '' || old === name) return { ...draft, places }
  return {
    ...draft,
    places,
    initialPlaces: renameIn(draft.initialPlaces, old, name),
    transitions: draft.transitions.map((transition) => ({
      ...transition,
      from: renameIn(transition.from, old, name),
      to: renameIn(transition.to, old, name),
    })),
    globalActions: draft.globalActions.map((action) => ({
      ...action,
      to: renameIn(action.to, old, name),
    })),
  }
}

/** Removes place `index` and drops the references to it. */
export function removePlace(draft: WorkflowDraft, index: number): WorkflowDraft {
  const gone = draft.places[index]?.name
  const keep = (names: readonly string[]) => names.filter((name) => name !== gone)
  return {
    ...draft,
    places: draft.places.filter((_, at) => at !== index),
    initialPlaces: keep(draft.initialPlaces),
    transitions: draft.transitions.map((transition) => ({
      ...transition,
      from: keep(transition.from),
      to: keep(transition.to),
    })),
    globalActions: draft.globalActions.map((action) => ({ ...action, to: keep(action.to) })),
  }
}

/** Moves item `index` of a list one place up (-1) or down (+1). */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by
  if (target < 0 || target >= items.length) return [...items]
  const next = [...items]
  const [item] = next.splice(index, 1)
  next.splice(target, 0, item as T)
  return next
}

/**
 * A state machine keeps one place: switching to it keeps the first of each list of places
 * (initial places, a transition's from and to) so the draft stays a state machine.
 */
export function withType(draft: WorkflowDraft, type: WorkflowDraft['type']): WorkflowDraft {
  if (type === 'workflow') return { ...draft, type }
  const first = (names: readonly string[]) => names.slice(0, 1)
  return {
    ...draft,
    type,
    initialPlaces: first(draft.initialPlaces),
    transitions: draft.transitions.map((transition) => ({
      ...transition,
      from: first(transition.from),
      to: first(transition.to),
    })),
    globalActions: draft.globalActions.map((action) => ({ ...action, to: first(action.to) })),
  }
}

/** The catalogue's name of a workflow type (keys are lower camel case). */
export function typeKeyOf(type: WorkflowDraft['type']): 'stateMachine' | 'workflow' {
  return type === 'state_machine' ? 'stateMachine' : 'workflow'
}
