import { eq } from 'drizzle-orm'
import { isLocale, DEFAULT_LOCALE, type Locale } from '@optika/i18n/locales'
import type { Db } from '../../platform/db/client.ts'
import { adminUsers } from '../../platform/db/schema/users.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { Translator } from '../../platform/i18n/translator.ts'
import { principalOf } from '../admin-auth/admin-sessions.ts'
import type { AdminContext } from './admin-context.ts'

/**
 * The context a background job acts in for the back-office user who started it: that user's
 * current rights (a user deactivated or deleted meanwhile stops the job), in the language the
 * job was started in. The job may run in another process, long after the request.
 */
export async function jobAdminContext(
  db: Db,
  translator: Translator,
  input: { userId: number | null; locale: string | undefined; jobId: string },
): Promise<AdminContext> {
  const [user] =
    input.userId === null
      ? []
      : await db.select().from(adminUsers).where(eq(adminUsers.id, input.userId))
  if (!user || !user.active || user.type !== 'user') {
    throw new AppError(403, 'FORBIDDEN', 'auth.notLoggedIn')
  }
  const locale: Locale = input.locale && isLocale(input.locale) ? input.locale : DEFAULT_LOCALE
  return {
    db,
    locale,
    requestId: `job-${input.jobId}`,
    // A job holds no session of its own.
    admin: await principalOf(db, user, ''),
    ip: 'job',
    t: (key, params) => translator.t(locale, key, params),
  }
}
