import pg from 'pg'

/** A fresh, empty database `name` on the PostgreSQL server at `serverUrl`; its URL. */
export async function createBenchDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
