import { z } from 'zod'
import { PERMISSION_KEYS } from '../admin/permissions.ts'
import { ElementTypeSchema } from '../pim/element-api.ts'
import { IdParamsSchema, IdSchema } from '../ids.ts'

/**
 * Workflows (issue 20, Pimcore's `/admin/workflow/*`): definitions made in the back office and
 * stored as data; an element carries, per workflow that supports it, its current places and a
 * history of transitions. A `state_machine` keeps exactly one place; a `workflow` (Petri net) may
 * be in several places at once — a transition fires when the element is in every one of its
 * `from` places, takes them and puts the element into every `to` place.
 */

export const WORKFLOW_TYPES = ['state_machine', 'workflow'] as const
export const WorkflowTypeSchema = z.enum(WORKFLOW_TYPES)
export type WorkflowType = z.infer<typeof WorkflowTypeSchema>

/** A workflow's, place's, transition's or global action's machine name. */
export const WorkflowNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'lowercase letters, digits and _ (starting with a letter)')

const PermissionKeySchema = z.enum(PERMISSION_KEYS)

const LabelSchema = z.string().trim().min(1).max(120)

/** '#rrggbb' */
export const WorkflowColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)

/** What a place does to one object field while the element is in it. */
export const WORKFLOW_FIELD_MODES = ['readOnly', 'hidden'] as const
export const WorkflowFieldModeSchema = z.enum(WORKFLOW_FIELD_MODES)
export type WorkflowFieldMode = z.infer<typeof WorkflowFieldModeSchema>

export const WorkflowFieldRuleSchema = z.object({
  /** An object field's name (of the supported classes). */
  field: z.string().trim().min(1).max(64),
  mode: WorkflowFieldModeSchema,
})
export type WorkflowFieldRule = z.infer<typeof WorkflowFieldRuleSchema>

export const WorkflowPlaceSchema = z.object({
  name: WorkflowNameSchema,
  label: LabelSchema,
  color: WorkflowColorSchema.default('#868e96'),
  /** Shown as the badge's title / help. */
  description: z.string().trim().max(500).default(''),
  fieldRules: z.array(WorkflowFieldRuleSchema).max(200).default([]),
})
export type WorkflowPlace = z.infer<typeof WorkflowPlaceSchema>
export type WorkflowPlaceInput = z.input<typeof WorkflowPlaceSchema>

/**
 * Who may fire a transition: every condition given must hold (empty = no condition). `expression`
 * is a filtrex expression over the element's data: its fields by name, plus `id`, `key`, `path`,
 * `published`, `className` (objects), `type` (assets/documents), e.g. `price > 0 and name != ""`.
 */
export const WorkflowGuardSchema = z.object({
  /** The caller must hold one of these roles (ids); admins always pass. */
  roleIds: z.array(IdSchema).max(50).default([]),
  /** The caller must hold every one of these permission keys. */
  permissions: z.array(PermissionKeySchema).max(20).default([]),
  /** Empty or null = no expression. */
  expression: z.string().trim().max(2_000).nullable().default(null),
})
export type WorkflowGuard = z.infer<typeof WorkflowGuardSchema>

export const WORKFLOW_ADDITIONAL_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'checkbox',
] as const
export const WorkflowAdditionalFieldTypeSchema = z.enum(WORKFLOW_ADDITIONAL_FIELD_TYPES)

/** An extra value the transition's dialog asks for; stored in the note's data. */
export const WorkflowAdditionalFieldSchema = z.object({
  name: WorkflowNameSchema,
  label: LabelSchema,
  type: WorkflowAdditionalFieldTypeSchema.default('text'),
  required: z.boolean().default(false),
})
export type WorkflowAdditionalField = z.infer<typeof WorkflowAdditionalFieldSchema>

/** The note a transition asks for (Pimcore's `notes` option: commentEnabled / commentRequired). */
export const WorkflowNotesSchema = z.object({
  enabled: z.boolean().default(false),
  required: z.boolean().default(false),
  /** The stored note's type (Pimcore's `type`, default 'Status update'). */
  type: z.string().trim().min(1).max(64).default('Status update'),
  /** The stored note's title; empty = the transition's label. */
  title: z.string().trim().max(190).default(''),
  additionalFields: z.array(WorkflowAdditionalFieldSchema).max(20).default([]),
})
export type WorkflowNotes = z.infer<typeof WorkflowNotesSchema>

export const WorkflowNotifySchema = z.object({
  userIds: z.array(IdSchema).max(100).default([]),
  roleIds: z.array(IdSchema).max(50).default([]),
})
export type WorkflowNotify = z.infer<typeof WorkflowNotifySchema>

/** What a transition does to the element's published flag (Pimcore's `changePublishedState`). */
export const WORKFLOW_PUBLISHED_CHANGES = [
  'noChange',
  'forcePublished',
  'forceUnpublished',
] as const
export const WorkflowPublishedChangeSchema = z.enum(WORKFLOW_PUBLISHED_CHANGES)
export type WorkflowPublishedChange = z.infer<typeof WorkflowPublishedChangeSchema>

const ActionBaseSchema = z.object({
  name: WorkflowNameSchema,
  label: LabelSchema,
  guard: WorkflowGuardSchema.default({ roleIds: [], permissions: [], expression: null }),
  notes: WorkflowNotesSchema.default({
    enabled: false,
    required: false,
    type: 'Status update',
    title: '',
    additionalFields: [],
  }),
  notify: WorkflowNotifySchema.default({ userIds: [], roleIds: [] }),
  /** Help text shown in the dialog (HTML; sanitized when stored and when served). */
  customHtml: z.string().max(20_000).default(''),
  changePublishedState: WorkflowPublishedChangeSchema.default('noChange'),
})

export const WorkflowTransitionSchema = ActionBaseSchema.extend({
  /** Places the element must all be in (one for a state machine). */
  from: z.array(WorkflowNameSchema).min(1).max(20),
  /** Places it moves into (one for a state machine). */
  to: z.array(WorkflowNameSchema).min(1).max(20),
})
export type WorkflowTransition = z.infer<typeof WorkflowTransitionSchema>
export type WorkflowTransitionInput = z.input<typeof WorkflowTransitionSchema>

/** Fires from any place; `to` (optional) replaces the current places (Pimcore's global actions). */
export const WorkflowGlobalActionSchema = ActionBaseSchema.extend({
  to: z.array(WorkflowNameSchema).max(20).default([]),
})
export type WorkflowGlobalAction = z.infer<typeof WorkflowGlobalActionSchema>
export type WorkflowGlobalActionInput = z.input<typeof WorkflowGlobalActionSchema>

/** Which elements a workflow runs on. An empty list supports none of that type. */
export const WorkflowSupportsSchema = z.object({
  /** Object class names (e.g. 'Product'). */
  objectClasses: z.array(z.string().trim().min(1).max(64)).max(100).default([]),
  /** Asset types: image, video, audio, document, text, archive, unknown. */
  assetTypes: z.array(z.string().trim().min(1).max(32)).max(20).default([]),
  /** Document types: page, snippet, email, link, hardlink, folder… */
  documentTypes: z.array(z.string().trim().min(1).max(32)).max(20).default([]),
})
export type WorkflowSupports = z.infer<typeof WorkflowSupportsSchema>

/** POST/PUT /admin/workflow/definitions — a whole definition; validated at save. */
export const WorkflowDefinitionInputSchema = z.object({
  name: WorkflowNameSchema,
  label: LabelSchema,
  type: WorkflowTypeSchema.default('state_machine'),
  enabled: z.boolean().default(true),
  /** Lower first when an element has several workflows. */
  priority: z.number().int().min(0).max(1_000).default(0),
  supports: WorkflowSupportsSchema.default({
    objectClasses: [],
    assetTypes: [],
    documentTypes: [],
  }),
  places: z.array(WorkflowPlaceSchema).min(1).max(100),
  /** Where a supported element starts (one for a state machine). */
  initialPlaces: z.array(WorkflowNameSchema).min(1).max(20),
  transitions: z.array(WorkflowTransitionSchema).max(200).default([]),
  globalActions: z.array(WorkflowGlobalActionSchema).max(50).default([]),
})
export type WorkflowDefinitionInput = z.input<typeof WorkflowDefinitionInputSchema>
export type WorkflowDefinitionData = z.output<typeof WorkflowDefinitionInputSchema>

/** A stored definition (GET /admin/workflow/definitions/:id, answer of POST/PUT). */
export const WorkflowDefinitionSchema = WorkflowDefinitionInputSchema.extend({
  id: z.number().int(),
  createdAt: z.string(),
  modifiedAt: z.string(),
  /** Elements that have a state in it. */
  elementCount: z.number().int(),
})
export type WorkflowDefinition = z.infer<typeof WorkflowDefinitionSchema>

/** GET /admin/workflow/definitions — the list. */
export const WorkflowDefinitionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  type: WorkflowTypeSchema,
  enabled: z.boolean(),
  priority: z.number().int(),
  supports: WorkflowSupportsSchema,
  placeCount: z.number().int(),
  transitionCount: z.number().int(),
  elementCount: z.number().int(),
  modifiedAt: z.string(),
})
export type WorkflowDefinitionSummary = z.infer<typeof WorkflowDefinitionSummarySchema>

export const WorkflowDefinitionListQuerySchema = z.object({
  /** In name and label (case-insensitive). */
  text: z.string().trim().max(120).optional(),
})
export const WorkflowDefinitionListSchema = z.object({
  items: z.array(WorkflowDefinitionSummarySchema),
})
export type WorkflowDefinitionList = z.infer<typeof WorkflowDefinitionListSchema>

export const WorkflowDefinitionIdParamsSchema = IdParamsSchema

/**
 * One problem of a refused definition: where (`path`, dotted like the input: `transitions.2.to.0`)
 * and the catalogue key with its translation. A refused save is a 400 with these as `details`.
 */
export const WorkflowValidationIssueSchema = z.object({
  path: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  message: z.string(),
})
export type WorkflowValidationIssue = z.infer<typeof WorkflowValidationIssueSchema>

/** POST /admin/workflow/definitions/validate — checks without saving (for the editor). */
export const WorkflowValidationResultSchema = z.object({
  valid: z.boolean(),
  issues: z.array(WorkflowValidationIssueSchema),
})
export type WorkflowValidationResult = z.infer<typeof WorkflowValidationResultSchema>

/** GET /admin/workflow/definitions/options — what the editor offers in its pickers. */
export const WorkflowEditorOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  permissions: z.array(PermissionKeySchema),
  objectClasses: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      /** Fields a place's rules may name. */
      fields: z.array(z.object({ name: z.string(), title: z.string(), type: z.string() })),
    }),
  ),
  assetTypes: z.array(z.string()),
  documentTypes: z.array(z.string()),
  /** Names the expression may use besides the fields. */
  expressionVariables: z.array(z.string()),
})
export type WorkflowEditorOptions = z.infer<typeof WorkflowEditorOptionsSchema>

// ——— the seed's calls (Pimcore's parameter names: ctype, cid, workflowName, transition) ———

/** The element a call is about. */
export const WorkflowElementRefSchema = z.object({
  ctype: ElementTypeSchema,
  cid: z.coerce.number().int().positive(),
})

/** POST /admin/workflow/get-workflow-form · POST /admin/workflow/modal-custom-html */
export const WorkflowActionRefSchema = WorkflowElementRefSchema.extend({
  workflowName: WorkflowNameSchema,
  transition: WorkflowNameSchema,
  /** The `transition` names a global action. */
  isGlobalAction: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .default(false)
    .transform((value) => value === true || value === 'true' || value === '1'),
})
export type WorkflowActionRef = z.input<typeof WorkflowActionRefSchema>

/** Why a transition cannot fire now. */
export const WORKFLOW_UNAVAILABLE_CODES = [
  /** The element is not in every `from` place. */
  'notInFromPlaces',
  /** The caller holds none of the guard's roles. */
  'role',
  /** The caller lacks a guard's permission key. */
  'permission',
  /** The guard's expression is false for the element. */
  'expression',
  /** The guard's expression failed on the element (logged to the application log). */
  'expressionError',
  /** The caller may not save (or publish) the element. */
  'elementRights',
  /** The workflow is disabled. */
  'disabled',
] as const
export const WorkflowUnavailableCodeSchema = z.enum(WORKFLOW_UNAVAILABLE_CODES)
export type WorkflowUnavailableCode = z.infer<typeof WorkflowUnavailableCodeSchema>

export const WorkflowUnavailableReasonSchema = z.object({
  code: WorkflowUnavailableCodeSchema,
  /** Translated, for the button's explanation. */
  message: z.string(),
})
export type WorkflowUnavailableReason = z.infer<typeof WorkflowUnavailableReasonSchema>

/** Answer of get-workflow-form: what the transition's dialog must ask. */
export const WorkflowFormSchema = z.object({
  success: z.literal(true),
  workflowName: z.string(),
  transition: z.string(),
  label: z.string(),
  isGlobalAction: z.boolean(),
  notes: WorkflowNotesSchema,
  /** The dialog should offer the help text (modal-custom-html). */
  hasCustomHtml: z.boolean(),
  /** Places it moves into (labels for the dialog). */
  to: z.array(z.object({ name: z.string(), label: z.string(), color: z.string() })),
  /** It is not available now (the dialog shows why and disables submit). */
  unavailable: z.array(WorkflowUnavailableReasonSchema),
})
export type WorkflowForm = z.infer<typeof WorkflowFormSchema>

/** POST /admin/workflow/submit-workflow-transition · POST /admin/workflow/submit-global-action */
export const WorkflowSubmitSchema = WorkflowElementRefSchema.extend({
  workflowName: WorkflowNameSchema,
  transition: WorkflowNameSchema,
  /** Pimcore's `workflowOptions`: the note and the additional fields' values. */
  workflowOptions: z
    .object({
      notes: z.string().max(10_000).default(''),
      additional: z
        .record(z.string(), z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()]))
        .default({}),
    })
    .default({ notes: '', additional: {} }),
})
export type WorkflowSubmit = z.input<typeof WorkflowSubmitSchema>

/** Answer of modal-custom-html. */
export const WorkflowCustomHtmlSchema = z.object({
  success: z.literal(true),
  /** Sanitized HTML, or null when the action has none. */
  data: z.string().nullable(),
})
export type WorkflowCustomHtml = z.infer<typeof WorkflowCustomHtmlSchema>

export const WorkflowPlaceBadgeSchema = z.object({
  name: z.string(),
  label: z.string(),
  color: z.string(),
  description: z.string(),
})
export type WorkflowPlaceBadge = z.infer<typeof WorkflowPlaceBadgeSchema>

/** One transition or global action as the panel shows it. */
export const WorkflowAvailableActionSchema = z.object({
  name: z.string(),
  label: z.string(),
  isGlobalAction: z.boolean(),
  from: z.array(z.string()),
  to: z.array(z.string()),
  available: z.boolean(),
  /** Empty when available. */
  reasons: z.array(WorkflowUnavailableReasonSchema),
  notesEnabled: z.boolean(),
  notesRequired: z.boolean(),
  hasAdditionalFields: z.boolean(),
  hasCustomHtml: z.boolean(),
})
export type WorkflowAvailableAction = z.infer<typeof WorkflowAvailableActionSchema>

export const WorkflowHistoryEntrySchema = z.object({
  id: z.number().int(),
  workflowName: z.string(),
  transition: z.string(),
  transitionLabel: z.string(),
  isGlobalAction: z.boolean(),
  from: z.array(z.string()),
  to: z.array(z.string()),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
  /** The additional fields' values. */
  additional: z.record(z.string(), z.unknown()),
  /** ISO time. */
  date: z.string(),
})
export type WorkflowHistoryEntry = z.infer<typeof WorkflowHistoryEntrySchema>

/** Places and transitions for drawing (the SVG of show-graph draws the same). */
export const WorkflowGraphSchema = z.object({
  places: z.array(WorkflowPlaceBadgeSchema.extend({ current: z.boolean() })),
  transitions: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      from: z.array(z.string()),
      to: z.array(z.string()),
    }),
  ),
})
export type WorkflowGraph = z.infer<typeof WorkflowGraphSchema>

/** One workflow of an element. */
export const WorkflowElementWorkflowSchema = z.object({
  workflowName: z.string(),
  label: z.string(),
  type: WorkflowTypeSchema,
  places: z.array(WorkflowPlaceBadgeSchema),
  transitions: z.array(WorkflowAvailableActionSchema),
  globalActions: z.array(WorkflowAvailableActionSchema),
  /** Newest first (at most 100). */
  history: z.array(WorkflowHistoryEntrySchema),
  graph: WorkflowGraphSchema,
  /** GET address of the SVG (show-graph) with the current places highlighted. */
  graphUrl: z.string(),
})
export type WorkflowElementWorkflow = z.infer<typeof WorkflowElementWorkflowSchema>

/** GET /admin/workflow/get-workflow-details?ctype&cid — the element's workflows. */
export const WorkflowDetailsQuerySchema = WorkflowElementRefSchema
export const WorkflowDetailsSchema = z.object({
  success: z.literal(true),
  data: z.array(WorkflowElementWorkflowSchema),
  /** The current places' field rules over all its workflows (objects): hidden wins over read-only. */
  fieldRules: z.object({ readOnly: z.array(z.string()), hidden: z.array(z.string()) }),
})
export type WorkflowDetails = z.infer<typeof WorkflowDetailsSchema>

/** Answer of the two submit calls: the element's workflows after the transition. */
export const WorkflowSubmitResultSchema = z.object({
  success: z.literal(true),
  workflowName: z.string(),
  transition: z.string(),
  /** Places after it. */
  places: z.array(z.string()),
  /** The element's published flag after it (when it changed it). */
  published: z.boolean().nullable(),
  details: WorkflowDetailsSchema,
})
export type WorkflowSubmitResult = z.infer<typeof WorkflowSubmitResultSchema>

/**
 * GET /admin/workflow/show-graph?workflow=<name>[&ctype&cid] — image/svg+xml; with an element its
 * current places are highlighted. (Pimcore's parameter is `workflow`; `workflowName` is accepted.)
 */
export const WorkflowGraphQuerySchema = z.object({
  workflow: WorkflowNameSchema.optional(),
  workflowName: WorkflowNameSchema.optional(),
  ctype: ElementTypeSchema.optional(),
  cid: z.coerce.number().int().positive().optional(),
})

/** POST /admin/workflow/definitions/graph — image/svg+xml of an unsaved definition (the editor's preview). */
export const WorkflowPreviewGraphSchema = WorkflowDefinitionInputSchema
