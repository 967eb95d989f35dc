import type { Db } from '../db/types.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'
import { loadServerSecret } from './server-secret.js'

/**
 * The AES-256 key that seals automatic-recovery shares (custodial: whoever holds it and the database can rebuild
 * those wallets). TESSERA_WALLET_RECOVERY_KEY (32 bytes, base64url) gives it from outside; else it is created once
 * and kept in `server_secrets`, sealed with the key-encryption key. Changing it orphans every sealed share.
 */
export async function loadWalletRecoveryKey(db: Db, keys: KeyEncryptionKeys, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const fromEnv = env.TESSERA_WALLET_RECOVERY_KEY
  if (!fromEnv) return loadServerSecret(db, keys, 'wallet-recovery-key')
  const key = Buffer.from(fromEnv, 'base64url')
  if (key.length !== 32) throw new Error('TESSERA_WALLET_RECOVERY_KEY must be 32 bytes, base64url-encoded')
  return key
}
