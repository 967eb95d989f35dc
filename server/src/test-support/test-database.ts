import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { randomId } from '../apps/app-id.js'

/** Where a test's server keeps its data: a fresh copy of the PGlite template, or a fresh PostgreSQL database. */
export interface TestDatabase {
  dataDir?: string
  databaseUrl?: string
  dispose(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL
  if (baseUrl) {
    const name = `tessera_test_${randomId(12)}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(baseUrl)
    url.pathname = `/${name}`
    return {
      databaseUrl: url.toString(),
      async dispose() {
        const client = new pg.Client({ connectionString: baseUrl })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await client.end()
      },
    }
  }
  const template = inject('pgliteTemplateDir')
  if (!template) throw new Error('The PGlite template is missing: run the tests through the vitest "server" project')
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-test-'))
  cpSync(template, dataDir, { recursive: true })
  return { dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) }
}
