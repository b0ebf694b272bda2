import type { Db } from '../db/client.ts'
import { applicationLog } from '../db/schema/governance.ts'
import { stripSecrets } from '../strip-secrets.ts'

/** PSR-3's priorities, as Pimcore's application logger numbers them (0 is the most severe). */
export const APP_LOG_PRIORITIES = [
  'emergency',
  'alert',
  'critical',
  'error',
  'warning',
  'notice',
  'info',
  'debug',
] as const
export type AppLogPriority = (typeof APP_LOG_PRIORITIES)[number]

export interface AppLogEntry {
  readonly priority: AppLogPriority
  /** Who reports it, dotted: 'jobs', 'mail', 'import.translations', 'checkout.payment', 'workflow'. */
  readonly component: string
  readonly message: string
  readonly context?: Record<string, unknown>
  readonly element?: { readonly type: 'object' | 'asset' | 'document'; readonly id: number }
  /** A longer text kept beside the entry (a stack, rejected import lines), read on demand. */
  readonly fileObject?: string
  readonly requestId?: string
  /** Where in the code (a file or function name), for developers. */
  readonly source?: string
}

/** What writeAppLog does when the database refuses the entry: the process log gets it instead. */
export interface AppLogFallback {
  error(object: unknown, message: string): void
}

const MESSAGE_LIMIT = 4_000
const FILE_OBJECT_LIMIT = 1_000_000

/**
 * Appends one entry to the application log. Reporting must never break the work that reports, so
 * a failure to write goes to `fallback` (the process log) and is otherwise swallowed. Call it with
 * the caller's transaction when the entry belongs to that work (it then commits or rolls back with
 * it), or with the database when it must survive a rollback (a failed payment, a failed job).
 */
export async function writeAppLog(
  db: Db,
  entry: AppLogEntry,
  fallback?: AppLogFallback,
): Promise<void> {
  try {
    await db.insert(applicationLog).values({
      priority: APP_LOG_PRIORITIES.indexOf(entry.priority),
      component: entry.component.slice(0, 200),
      message: entry.message.slice(0, MESSAGE_LIMIT),
      context: entry.context === undefined ? null : stripSecrets(entry.context),
      elementType: entry.element?.type ?? null,
      elementId: entry.element?.id ?? null,
      fileObject: entry.fileObject?.slice(0, FILE_OBJECT_LIMIT) ?? null,
      requestId: entry.requestId ?? null,
      source: entry.source ?? null,
    })
  } catch (error) {
    fallback?.error(
      { err: error, entry: { ...entry, context: undefined, fileObject: undefined } },
      'application log write failed',
    )
  }
}
