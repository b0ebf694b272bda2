import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { fromPglite, fromPool } from '../src/platform/db/client.ts'
import { migrate } from '../src/platform/db/migrate.ts'
import { TEMPLATE_DATABASE, TEMPLATE_DUMP_ENV } from './test-database.ts'
import { assertNodeVersion } from '../src/platform/node-version.ts'

/**
 * Runs once per test run: migrates one template database that every test file then copies.
 * PGlite: a migrated data dir dumped to a temp file. PostgreSQL: a template database.
 */
export default async function setup(): Promise<() => Promise<void>> {
  assertNodeVersion()
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)
    await admin.query(`create database ${TEMPLATE_DATABASE}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${TEMPLATE_DATABASE}`
    const template = fromPool(new pg.Pool({ connectionString: url.toString(), max: 1 }))
    await migrate(template)
    await template.close()
    return async () => {}
  }
  const dir = mkdtempSync(join(tmpdir(), 'optika-test-'))
  const template = await PGlite.create()
  await migrate(fromPglite(template))
  const file = join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await (await template.dumpDataDir('none')).arrayBuffer()))
  await template.close()
  process.env[TEMPLATE_DUMP_ENV] = file
  return async () => rmSync(dir, { recursive: true, force: true })
}
