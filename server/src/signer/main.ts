/**
 * The signer process (docs/decisions.md "The signer of server-managed wallets"): forked by the API process, it holds the only copies of server-managed wallets'
 * keys, sealed in its own store, and answers over the IPC channel only (no port). It ends with its parent.
 */
import { isDatabaseUnavailable } from '../db/unavailable.js'
import type { Db } from '../db/types.js'
import { ApiError } from '../http/api-error.js'
import { loadKeyEncryptionKeys } from '../secrets/kek-settings.js'
import { createKey } from './create-key.js'
import { exportKey } from './export-key.js'
import { importKey } from './import-key.js'
import type { FromSigner, SignerOperation, SignerProcessSettings, ToSigner } from './ipc-messages.js'
import { openSignerStore } from './key-store.js'
import type { SignerDeps } from './signer-deps.js'
import { signWithKey } from './sign-with-key.js'

const send = (message: FromSigner) => process.send?.(message)

// biome-ignore lint/suspicious/noExplicitAny: each operation parses its own input; the table only dispatches by name
const operations: Record<SignerOperation, (deps: SignerDeps, input: any) => Promise<unknown>> = { createKey, importKey, sign: signWithKey, exportKey }

/** Only our own 400/404 refusals cross back as they are; the name of anything else stays here. */
function failureOf(id: number, error: unknown): FromSigner {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
    return { type: 'result', id, ok: false, refusal: { status: error.status, code: error.code as 'invalid_data' | 'not_found', message: error.message } }
  }
  if (isDatabaseUnavailable(error) || (error instanceof Error && error.name === 'DatabaseUnavailableError'))
    return { type: 'result', id, ok: false, unavailable: 'database' }
  return { type: 'result', id, ok: false, failure: error instanceof Error ? error.name : 'Error' }
}

async function start(settings: SignerProcessSettings): Promise<SignerDeps & { db: Db }> {
  const keys = loadKeyEncryptionKeys({ dev: settings.dev, dataDir: settings.kekDataDir })
  const db = await openSignerStore(settings.store, (message) => send({ type: 'note', message }))
  return { db, keys, now: Date.now }
}

let deps: Promise<SignerDeps & { db: Db }> | undefined

process.on('message', (message: ToSigner) => {
  if (message.type === 'start' && !deps) {
    deps = start(message.settings)
    deps.then(
      () => send({ type: 'ready' }),
      (error: Error) => {
        send({ type: 'failed', reason: error.message })
        process.exitCode = 1
        process.disconnect?.()
      },
    )
    return
  }
  if (message.type !== 'call' || !deps) return
  const { id, operation, input } = message
  deps
    .then((ready) => operations[operation](ready, input))
    .then(
      (value) => send({ type: 'result', id, ok: true, value }),
      (error: unknown) => send(failureOf(id, error)),
    )
})

// The parent closed the channel (close(), or it died): close the store cleanly and end.
process.on('disconnect', () => {
  void (deps ?? Promise.reject(new Error('not started')))
    .then((ready) => ready.db.close())
    .catch(() => {})
    .finally(() => process.exit())
})
