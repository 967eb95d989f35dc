import { join, resolve } from 'node:path'
import type { SignerProcessSettings } from './ipc-messages.js'

export interface SignerSettingsInput {
  dev: boolean
  /** The server's data directory: dev mode's key file is there, and the signer's PGlite store under `signer/`. */
  dataDir: string
  /** The API's PostgreSQL URL, if any. */
  databaseUrl?: string
  env?: NodeJS.ProcessEnv
}

/**
 * Where the signer keeps its keys: SIGNER_DATABASE_URL, else the API's PostgreSQL (in its own schema), else its own
 * PGlite data directory `<data dir>/signer`. It seals with the server's key-encryption key settings.
 */
export function signerSettings(input: SignerSettingsInput): SignerProcessSettings {
  const env = input.env ?? process.env
  return {
    dev: input.dev,
    kekDataDir: resolve(input.dataDir),
    store: { databaseUrl: env.SIGNER_DATABASE_URL || input.databaseUrl, dataDir: join(resolve(input.dataDir), 'signer') },
  }
}
