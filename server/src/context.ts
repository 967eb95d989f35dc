import type { LinkedAccountWires } from './auth/linked-account-wire.js'
import type { Clock } from './clock.js'
import type { Db } from './db/types.js'
import type { Delivery } from './delivery/types.js'
import type { SigningKeys } from './keys/signing-keys.js'
import type { Logger } from './logger.js'
import type { KeyEncryptionKeys } from './secrets/key-encryption-keys.js'
import type { RateLimitSettings } from './rate-limit/settings.js'
import type { WalletSigner } from './signer/types.js'

/** Everything a request handler needs; built once per server by `createServerContext`. */
export interface ServerContext {
  db: Db
  clock: Clock
  logger: Logger
  keys: SigningKeys
  /** Seals secrets at rest (signing keys, auth shares, server secrets); never stored in the database (docs/keys.md). */
  keyEncryptionKeys: KeyEncryptionKeys
  /** HMAC key for one-time codes and refresh-token successors. */
  secret: Buffer
  /** Server-managed wallets' keys: a separate process with its own sealed store, started on first use (signer/). */
  signer: WalletSigner
  /** AES-256 key sealing automatic-recovery wallet shares (keys/wallet-recovery-key.ts). */
  walletRecoveryKey: Buffer
  /** The built wallet frame (index.html and assets/) served at `/apps/:app_id/embedded-wallets`. */
  walletFrameDir: string
  /** Null when no delivery is configured (no SMTP outside dev): sending codes is refused. */
  delivery: Delivery | null
  dev: boolean
  issuer: string
  accessTokenTtlSeconds: number
  /** Seconds in which a just-rotated refresh token still yields the same successor. */
  refreshGraceSeconds: number
  trustProxy: boolean
  rateLimits: RateLimitSettings
  /** The login methods' linked-account wires, from their list: the user DTO cannot import the list (its routes import the DTO). */
  linkedAccountWires: LinkedAccountWires
}
