import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { createLogger } from '../logger.js'
import type { SignerProcessSettings } from '../signer/ipc-messages.js'
import { openSignerStore } from '../signer/key-store.js'
import { createSignerClient } from '../signer/signer-client.js'
import type { WalletSigner } from '../signer/types.js'
import type { TestDatabase } from './test-database.js'

/** An empty signer store, made once per run beside the API template (creating a PGlite store takes seconds). */
async function signerTemplateDir(): Promise<string> {
  const template = `${inject('pgliteTemplateDir')}-signer`
  if (existsSync(template)) return template
  const building = mkdtempSync(`${template}-building-`)
  await (await openSignerStore({ dataDir: building })).close()
  if (existsSync(template)) rmSync(building, { recursive: true, force: true })
  else renameSync(building, template)
  return template
}

/**
 * The signer of a test server: its own PGlite store beside the test's database (a copy of the run's empty store), or
 * the schema `tessera_signer` of the test's PostgreSQL database; sealed with the run's TESSERA_KEK.
 */
export async function testSignerSettings(database: TestDatabase): Promise<SignerProcessSettings> {
  if (database.databaseUrl) return { dev: false, kekDataDir: '', store: { databaseUrl: database.databaseUrl, dataDir: '' } }
  const dataDir = join(database.dataDir!, 'signer')
  if (!existsSync(dataDir)) cpSync(await signerTemplateDir(), dataDir, { recursive: true })
  return { dev: false, kekDataDir: database.dataDir!, store: { dataDir } }
}

/** A real signer process for a test server, forked (and its store copied) only when a test first uses it. */
export function lazyTestSigner(database: TestDatabase): WalletSigner {
  let client: Promise<WalletSigner> | undefined
  let closed = false
  const signer = () => {
    // A server's start-up may ask for it after a short test has closed it: no process then.
    if (closed) throw new Error('The test signer is closed')
    return (client ??= testSignerSettings(database).then((settings) => createSignerClient({ settings, logger: createLogger(true) })))
  }
  return {
    createKey: async (input) => (await signer()).createKey(input),
    importKey: async (input) => (await signer()).importKey(input),
    sign: async (input) => (await signer()).sign(input),
    exportKey: async (input) => (await signer()).exportKey(input),
    start: async () => {
      if (!closed) await (await signer()).start()
    },
    async close() {
      closed = true
      if (client) await (await client).close()
    },
  }
}
