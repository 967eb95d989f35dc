import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, spawnCli, waitForOutput } from '../test-support/run-cli.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { DEV_KEK_FILE_NAME } from './kek-settings.js'

let database: TestDatabase
/** Where dev mode keeps its key: the PGlite data directory, or with PostgreSQL the --data-dir given. */
let dataDir: string
let place: string[]
const noKek = { TESSERA_KEK: undefined, TESSERA_KEK_FILE: undefined, TESSERA_KEK_PREVIOUS: undefined }
let env: Record<string, string | undefined>
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = database.dataDir ?? mkdtempSync(join(tmpdir(), 'tessera-kek-cli-'))
  place = ['--data-dir', dataDir]
  env = { DATABASE_URL: database.databaseUrl, ...noKek }
})
afterAll(async () => {
  await database?.dispose()
  if (!database?.dataDir && dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('tessera-server and the key-encryption key', () => {
  it('refuses a production start without one, naming the setting', async () => {
    const refused = await runCli(['start', '--port', '0', ...place], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('No key-encryption key: set TESSERA_KEK')
  })

  it('in dev mode creates one in the data directory (mode 0600) and says so; keys rotate moves every secret to a new key, and re-running finds nothing left', async () => {
    const child = spawnCli(['start', '--dev', '--port', '0', ...place], env)
    try {
      const output = await waitForOutput(child, /ready at http/)
      expect(output).toContain(`Created a development key-encryption key in ${join(dataDir, DEV_KEK_FILE_NAME)}`)
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    const keyFile = join(dataDir, DEV_KEK_FILE_NAME)
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    const devKey = readFileSync(keyFile, 'utf8').trim()

    const generated = await runCli(['keys', 'generate'], env)
    expect(generated.code).toBe(0)
    const newKey = generated.stdout.trim()
    expect(newKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Without the old key the new one cannot open what is sealed: refused, nothing changed.
    const blind = await runCli(['keys', 'rotate', ...place], { ...env, TESSERA_KEK: newKey })
    expect([blind.code, blind.stderr]).toEqual([1, expect.stringContaining('not configured (TESSERA_KEK, TESSERA_KEK_FILE or TESSERA_KEK_PREVIOUS)')])
    const rotated = await runCli(['keys', 'rotate', ...place], { ...env, TESSERA_KEK: newKey, TESSERA_KEK_PREVIOUS: devKey })
    expect(rotated.code, rotated.stderr).toBe(0)
    expect(rotated.stdout).toMatch(/Re-sealed [1-9]\d* values under key-encryption key local-/)
    const again = await runCli(['keys', 'rotate', ...place], { ...env, TESSERA_KEK: newKey })
    expect(again.stdout).toMatch(/Re-sealed 0 values/)
    const stale = await runCli(['keys', 'rotate', '--dev', ...place], env)
    expect(stale.code).toBe(1)
  })
})
