import type { Db } from '../db/types.js'
import { loadServerSecret } from './server-secret.js'

/**
 * The AES-256 key that seals automatic-recovery shares (custodial: whoever holds it and the database can rebuild
 * those wallets). TESSERA_WALLET_RECOVERY_KEY (32 bytes, base64url) keeps it out of the database; else it is
 * created once and kept in `server_secrets` like the other server keys. Changing it orphans every sealed share.
 */
export async function loadWalletRecoveryKey(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const fromEnv = env.TESSERA_WALLET_RECOVERY_KEY
  if (!fromEnv) return loadServerSecret(db, 'wallet-recovery-key')
  const key = Buffer.from(fromEnv, 'base64url')
  if (key.length !== 32) throw new Error('TESSERA_WALLET_RECOVERY_KEY must be 32 bytes, base64url-encoded')
  return key
}
