import { describe, expect, it } from 'vitest'
import { AuditLogQuerySchema } from '@optika/domain/admin/users-api'
import { toAuditLogQuery } from './audit-log-api.ts'

describe('toAuditLogQuery', () => {
  it('sends only the filters that are set, as the API schema reads them', () => {
    const query = toAuditLogQuery(
      {
        actorId: '7',
        action: ' user.update ',
        entityType: '',
        from: '2026-11-01',
        to: '2026-11-02',
      },
      3,
    )
    expect(Object.fromEntries(query)).toEqual({
      page: '3',
      limit: '50',
      actorId: '7',
      action: 'user.update',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-02T23:59:59.999Z',
    })
    expect(AuditLogQuerySchema.safeParse(Object.fromEntries(query)).success).toBe(true)
  })

  it('sends just the page when nothing is filtered', () => {
    const query = toAuditLogQuery(
      { actorId: null, action: '', entityType: '', from: '', to: '' },
      1,
    )
    expect(Object.fromEntries(query)).toEqual({ page: '1', limit: '50' })
  })
})
