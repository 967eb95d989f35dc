/**
 * The e2e run's log directory (made by the e2e project's global setup, e2e-global-setup.ts): each API server writes
 * its logs and delivered codes there, each browser the error bodies it saw, and the run's final check greps them all.
 */
import { randomUUID } from 'node:crypto'
import { basename, join } from 'node:path'

export const e2eLogDirVariable = 'TESSERA_E2E_LOG_DIR'

/** The path prefix for one part's files (`<test file>-<part>-<id>`), or undefined outside an e2e run (e.g. bench). */
export async function e2eLogPrefix(part: string): Promise<string | undefined> {
  const dir = process.env[e2eLogDirVariable]
  if (!dir) return undefined
  const { expect } = await import('vitest')
  const testFile = basename(expect.getState().testPath ?? 'unknown', '.test.ts')
  return join(dir, `${testFile}-${part}-${randomUUID().slice(0, 8)}`)
}
