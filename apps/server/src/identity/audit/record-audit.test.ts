import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/client.ts'
import { auditLog } from '../../platform/db/schema/identity.ts'
import { createTestDatabase } from '../../../test/test-database.ts'
import { recordAudit, stripSecrets } from './record-audit.ts'

describe('audit log', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  it('stores who, what, before/after and IP without any secret field', async () => {
    await recordAudit(database.db, {
      actor: null,
      action: 'test.secretStripping',
      entityType: 'adminUser',
      entityId: 7,
      before: { username: 'anna', passwordHash: '$argon2id$x', twoFactorSecret: 'JBSWY3DP' },
      after: {
        username: 'anna',
        password: 'hunter2hunter2',
        twoFactorRecoveryCodes: ['AAAAA-BBBBB'],
        nested: { sessionToken: 'tok', resetToken: 'tok2', tokenHash: 'h', keep: 1 },
        list: [{ recoveryCodes: ['x'], name: 'y' }],
      },
      ip: '203.0.113.9',
      requestId: 'req-a',
    })
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'test.secretStripping'))
    expect(row).toMatchObject({
      entityType: 'adminUser',
      entityId: '7',
      ip: '203.0.113.9',
      requestId: 'req-a',
      before: { username: 'anna' },
      after: { username: 'anna', nested: { keep: 1 }, list: [{ name: 'y' }] },
    })
    const stored = JSON.stringify(row)
    for (const secret of ['argon2id', 'JBSWY3DP', 'hunter2', 'AAAAA-BBBBB', 'tok', '"h"'])
      expect(stored).not.toContain(secret)
  })

  it('leaves harmless fields and dates alone', () => {
    const at = new Date('2026-01-02T03:04:05Z')
    expect(stripSecrets({ active: true, passwordChangedAt: at, roles: [1, 2] })).toEqual({
      active: true,
      passwordChangedAt: '2026-01-02T03:04:05.000Z',
      roles: [1, 2],
    })
  })
})
