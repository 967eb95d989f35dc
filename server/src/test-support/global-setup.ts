import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/open.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory each test file copies (empty when DATABASE_URL selects PostgreSQL). */
    pgliteTemplateDir: string
  }
}

/** Creates the embedded database once per run (13-30 s); test files copy it instead of creating their own. */
export default async function setup(project: TestProject): Promise<() => void> {
  // Test servers start like production ones, with a key-encryption key; one per run, shared by every worker and child process.
  process.env.TESSERA_KEK ??= randomBytes(32).toString('base64url')
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplateDir', '')
    return () => {}
  }
  const dir = mkdtempSync(join(tmpdir(), 'tessera-template-'))
  const db = await openDatabase({ dataDir: dir })
  await db.close()
  project.provide('pgliteTemplateDir', dir)
  return () => {
    rmSync(dir, { recursive: true, force: true })
    // The signer's store template (test-signer.ts), made when a test first forks a signer.
    rmSync(`${dir}-signer`, { recursive: true, force: true })
  }
}
