import type { FastifyBaseLogger } from 'fastify'
import type { SystemSettings } from '@optika/domain/operations/system-settings'
import type { AdminContext } from '../../identity/admin-users/admin-context.ts'
import type { SystemSettingsStore } from '../../platform/settings/system-settings-store.ts'
import { auditSettingsChange } from './audit-settings-change.ts'

/** The server logs at `debug` while debug mode is on, at its configured level otherwise. */
export function applyDebugMode(log: FastifyBaseLogger, configured: string, debugMode: boolean) {
  const level = debugMode && configured !== 'silent' ? 'debug' : configured
  if (log.level !== level) log.level = level
}

/** Saves the system settings (already validated) and records the change with both versions. */
export async function saveSystemSettings(
  ctx: AdminContext,
  store: SystemSettingsStore,
  settings: SystemSettings,
): Promise<SystemSettings> {
  const before = await store.fresh()
  return ctx.db.transaction(async (tx) => {
    const saved = await store.save(tx, settings)
    await auditSettingsChange(tx, ctx, {
      action: 'systemSettings.update',
      entityType: 'systemSettings',
      entityId: 1,
      before,
      after: saved,
    })
    return saved
  })
}
