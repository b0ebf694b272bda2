import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/test-database.ts'
import type { Database } from '../db/client.ts'
import { applicationLog } from '../db/schema/governance.ts'
import { writeAppLog } from './write-app-log.ts'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

describe('writeAppLog', () => {
  it('stores the entry with its priority number, element, file object and request id', async () => {
    await writeAppLog(database.db, {
      priority: 'warning',
      component: 'test.write',
      message: 'a warning worth keeping',
      element: { type: 'object', id: 42 },
      fileObject: 'line 1\nline 2',
      requestId: 'req-write-1',
      source: 'write-app-log.test',
    })
    const [row] = await database.db
      .select()
      .from(applicationLog)
      .where(eq(applicationLog.requestId, 'req-write-1'))
    expect(row).toMatchObject({
      priority: 4,
      component: 'test.write',
      elementType: 'object',
      elementId: 42,
      fileObject: 'line 1\nline 2',
      source: 'write-app-log.test',
    })
  })

  it('strips secrets from the context at any depth', async () => {
    await writeAppLog(database.db, {
      priority: 'error',
      component: 'test.secrets',
      message: 'sign-in trouble',
      requestId: 'req-write-2',
      context: {
        user: 'eva',
        password: 'hunter2',
        nested: { resetToken: 'abc', tokenHash: 'def', keep: 1, list: [{ secret: 's', ok: true }] },
      },
    })
    const [row] = await database.db
      .select()
      .from(applicationLog)
      .where(eq(applicationLog.requestId, 'req-write-2'))
    expect(row?.context).toEqual({ user: 'eva', nested: { keep: 1, list: [{ ok: true }] } })
    expect(JSON.stringify(row?.context)).not.toMatch(/hunter2|abc|def/)
  })

  it('never throws: a refused write goes to the fallback log without the context', async () => {
    const reported: { object: unknown; message: string }[] = []
    const fallback = {
      error: (object: unknown, message: string) => reported.push({ object, message }),
    }
    // An unknown element type breaks the table's check constraint.
    await expect(
      writeAppLog(
        database.db,
        {
          priority: 'error',
          component: 'test.refused',
          message: 'cannot be stored',
          element: { type: 'folder' as 'object', id: 1 },
          context: { password: 'hunter2' },
        },
        fallback,
      ),
    ).resolves.toBeUndefined()
    expect(reported).toHaveLength(1)
    expect(reported[0]?.message).toBe('application log write failed')
    expect(JSON.stringify(reported[0]?.object)).not.toContain('hunter2')
    // Without a fallback it stays silent too.
    await expect(
      writeAppLog(database.db, {
        priority: 'error',
        component: 'test.refused',
        message: 'still no throw',
        element: { type: 'folder' as 'object', id: 1 },
      }),
    ).resolves.toBeUndefined()
  })

  it('cuts an over-long message and component instead of failing', async () => {
    await writeAppLog(database.db, {
      priority: 'debug',
      component: 'c'.repeat(500),
      message: 'm'.repeat(10_000),
      requestId: 'req-write-3',
    })
    const [row] = await database.db
      .select()
      .from(applicationLog)
      .where(eq(applicationLog.requestId, 'req-write-3'))
    expect(row?.component).toHaveLength(200)
    expect(row?.message).toHaveLength(4_000)
  })
})
