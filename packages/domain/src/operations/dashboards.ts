import { z } from 'zod'
import type { PermissionKey } from '../admin/permissions.ts'
import { CURRENCIES } from '../commerce/currencies.ts'

/**
 * The back office's dashboards (Pimcore's portal, issue 20): each user has several dashboards,
 * each a few columns of widgets ("portlets") with their own settings.
 */

/** Columns of a dashboard; narrow screens stack them. */
export const DASHBOARD_COLUMNS = 3
/** More widgets than this on one dashboard is a mistake, not a dashboard. */
export const DASHBOARD_MAX_WIDGETS = 40
/** Dashboards per user. */
export const DASHBOARDS_PER_USER_MAX = 20
export const DASHBOARD_NAME_MAX_LENGTH = 60

export const WIDGET_TYPES = [
  'systemStatus',
  'areaLinks',
  'ordersChart',
  'latestOrders',
  'pendingPartners',
  'modifiedObjects',
  'modifiedAssets',
  'modifiedDocuments',
  'modificationStatistics',
  'lowStock',
  'httpErrors',
  'customReportChart',
  'notifications',
] as const
export type WidgetType = (typeof WIDGET_TYPES)[number]

/** The key a user must hold to be offered a widget (null: every dashboard user may have it). */
export const WIDGET_PERMISSION: Readonly<Record<WidgetType, PermissionKey | null>> = {
  systemStatus: null,
  areaLinks: null,
  ordersChart: 'orders',
  latestOrders: 'orders',
  pendingPartners: 'partners',
  modifiedObjects: 'objects',
  modifiedAssets: 'assets',
  modifiedDocuments: 'documents',
  modificationStatistics: null,
  lowStock: 'objects',
  httpErrors: 'httpErrors',
  customReportChart: 'reports',
  notifications: 'notifications',
}

/** Whether a holder of `keys` (an admin holds every key) may have the widget. */
export function mayUseWidget(
  type: WidgetType,
  keys: ReadonlySet<string> | readonly string[],
  isAdmin: boolean,
): boolean {
  const key = WIDGET_PERMISSION[type]
  if (key === null || isAdmin) return true
  return Array.isArray(keys) ? keys.includes(key) : (keys as ReadonlySet<string>).has(key)
}

export const CHART_RANGES = [7, 30, 90] as const
export const CHART_KINDS = ['line', 'bar'] as const

const rangeSchema = z.union([z.literal(7), z.literal(30), z.literal(90)])
const limitSchema = z.number().int().min(3).max(50)

/** Each widget type's settings; an empty object is every widget's default. */
export const WIDGET_CONFIG_SCHEMAS = {
  systemStatus: z.object({}).strict(),
  areaLinks: z.object({}).strict(),
  ordersChart: z
    .object({
      currency: z.enum(CURRENCIES).optional(),
      days: rangeSchema.optional(),
      kind: z.enum(CHART_KINDS).optional(),
    })
    .strict(),
  latestOrders: z.object({ limit: limitSchema.optional() }).strict(),
  pendingPartners: z.object({ limit: limitSchema.optional() }).strict(),
  modifiedObjects: z.object({ onlyMine: z.boolean().optional() }).strict(),
  modifiedAssets: z.object({ onlyMine: z.boolean().optional() }).strict(),
  modifiedDocuments: z.object({ onlyMine: z.boolean().optional() }).strict(),
  modificationStatistics: z.object({ days: rangeSchema.optional() }).strict(),
  lowStock: z
    .object({
      threshold: z.number().int().min(0).max(10_000).optional(),
      limit: limitSchema.optional(),
    })
    .strict(),
  httpErrors: z.object({ limit: limitSchema.optional() }).strict(),
  customReportChart: z.object({ report: z.string().min(1).max(200).optional() }).strict(),
  notifications: z.object({ onlyUnread: z.boolean().optional() }).strict(),
} as const satisfies Record<WidgetType, z.ZodType>

export type WidgetConfigOf<T extends WidgetType> = z.infer<(typeof WIDGET_CONFIG_SCHEMAS)[T]>
export type WidgetConfig = Record<string, string | number | boolean>

export const WidgetSchema = z.object({
  id: z.number().int().positive(),
  type: z.enum(WIDGET_TYPES),
  config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
})
export type Widget = z.infer<typeof WidgetSchema>

export const DashboardKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(DASHBOARD_NAME_MAX_LENGTH)
  // No control characters: a name is one line of plain text.
  .refine((name) => ![...name].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127))

export const DashboardSchema = z.object({
  key: z.string(),
  /** Pimcore's `positions`: one list of widgets per column, top to bottom. */
  positions: z.array(z.array(WidgetSchema)),
  updatedAt: z.string(),
})
export type Dashboard = z.infer<typeof DashboardSchema>

export const DashboardListSchema = z.object({
  dashboards: z.array(z.object({ key: z.string(), widgets: z.number().int() })),
})
export type DashboardList = z.infer<typeof DashboardListSchema>

// ── Requests (query strings and bodies) ──────────────────────────────────────────────────────

export const DashboardKeyQuerySchema = z.object({ key: DashboardKeySchema })
export const CreateDashboardSchema = z.object({ key: DashboardKeySchema })
export const RenameDashboardSchema = z.object({
  key: DashboardKeySchema,
  newKey: DashboardKeySchema,
})
export const WidgetIdSchema = z.coerce.number().int().positive().max(1_000_000)
export const AddWidgetSchema = z.object({
  key: DashboardKeySchema,
  type: z.enum(WIDGET_TYPES),
  column: z.coerce
    .number()
    .int()
    .min(0)
    .max(DASHBOARD_COLUMNS - 1)
    .optional(),
})
export const RemoveWidgetSchema = z.object({ key: DashboardKeySchema, id: WidgetIdSchema })
export const ReorderWidgetSchema = z.object({
  key: DashboardKeySchema,
  id: WidgetIdSchema,
  column: z.coerce
    .number()
    .int()
    .min(0)
    .max(DASHBOARD_COLUMNS - 1),
  row: z.coerce.number().int().min(0).max(DASHBOARD_MAX_WIDGETS),
})
export const UpdatePortletConfigSchema = z.object({
  key: DashboardKeySchema,
  id: WidgetIdSchema,
  /** Pimcore sends the settings as a JSON string; our screen sends the object. */
  config: z.union([z.record(z.string(), z.unknown()), z.string().max(10_000)]),
})
export const AddedWidgetSchema = z.object({ success: z.literal(true), id: z.number().int() })
export const SuccessSchema = z.object({ success: z.literal(true) })

// ── Widgets' data ────────────────────────────────────────────────────────────────────────────

export const ModifiedElementSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  path: z.string(),
  /** ISO time of the last change. */
  date: z.string(),
  userName: z.string().nullable(),
})
export type ModifiedElement = z.infer<typeof ModifiedElementSchema>
export const ModifiedQuerySchema = z.object({
  onlyMine: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  limit: z.coerce.number().int().min(1).max(50).optional(),
})
export const ModifiedDocumentsSchema = z.object({ documents: z.array(ModifiedElementSchema) })
export const ModifiedAssetsSchema = z.object({ assets: z.array(ModifiedElementSchema) })
export const ModifiedObjectsSchema = z.object({ objects: z.array(ModifiedElementSchema) })

export const DaysQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).optional(),
})
export const ModificationStatisticsSchema = z.object({
  data: z.array(
    z.object({
      /** YYYY-MM-DD (UTC). */
      datetext: z.string(),
      objects: z.number().int(),
      documents: z.number().int(),
      assets: z.number().int(),
    }),
  ),
})
export type ModificationStatistics = z.infer<typeof ModificationStatisticsSchema>

export const OrdersPerDayQuerySchema = z.object({
  currency: z.enum(CURRENCIES).optional(),
  days: z.coerce.number().int().min(1).max(366).optional(),
})
export const OrdersPerDaySchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Currencies the shop has orders in, for the selector. */
  currencies: z.array(z.enum(CURRENCIES)),
  days: z.array(
    z.object({
      datetext: z.string(),
      orders: z.number().int(),
      /** Gross revenue in minor units of `currency`; cancelled orders do not count. */
      revenue: z.number().int(),
    }),
  ),
})
export type OrdersPerDay = z.infer<typeof OrdersPerDaySchema>

export const LimitQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
})
export const LatestOrdersSchema = z.object({
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      name: z.string(),
      status: z.string(),
      currency: z.string(),
      totalGross: z.number().int(),
      createdAt: z.string(),
    }),
  ),
})
export type LatestOrders = z.infer<typeof LatestOrdersSchema>

export const PendingPartnersSchema = z.object({
  total: z.number().int(),
  partners: z.array(
    z.object({
      id: z.number().int(),
      company: z.string(),
      name: z.string(),
      email: z.string(),
      country: z.string(),
      createdAt: z.string(),
    }),
  ),
})
export type PendingPartners = z.infer<typeof PendingPartnersSchema>

export const LowStockQuerySchema = z.object({
  threshold: z.coerce.number().int().min(0).max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
})
export const LowStockSchema = z.object({
  variants: z.array(
    z.object({ id: z.number().int(), path: z.string(), quantity: z.number().int() }),
  ),
})
export type LowStock = z.infer<typeof LowStockSchema>

export const HttpErrorTopSchema = z.object({
  errors: z.array(
    z.object({
      id: z.number().int(),
      uri: z.string(),
      code: z.number().int(),
      count: z.number().int(),
      lastSeen: z.string(),
    }),
  ),
})
export type HttpErrorTop = z.infer<typeof HttpErrorTopSchema>
