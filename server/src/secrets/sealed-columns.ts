import { authShareAad } from '../wallets/auth-share-seal.js'
import { serverSecretAad } from '../keys/server-secret.js'
import { signingKeyAad } from '../keys/signing-keys.js'

/**
 * Every column sealed with the key-encryption key: how to read each row's stored text and its binding, and how to
 * swap in a re-sealed value only if the row still holds what was read (so a concurrent write is never undone).
 */
export interface SealedColumn {
  name: string
  /** Selects `id`, `stored` (text) and whatever `aad` reads, for rows whose stored text does not start with $1. */
  select: string
  aad(row: Record<string, unknown>): string
  /** $1 id, $2 new stored text, $3 the stored text read. */
  update: string
}

export const sealedColumns: SealedColumn[] = [
  {
    name: 'server_secrets.value',
    select: 'SELECT name AS id, value AS stored FROM server_secrets WHERE left(value, length($1)) <> $1',
    aad: (row) => serverSecretAad(String(row.id)),
    update: 'UPDATE server_secrets SET value = $2 WHERE name = $1 AND value = $3',
  },
  {
    name: 'signing_keys.private_jwk',
    // A sealed key is a JSON string in the jsonb column; the pre-KEK plaintext is the JWK object itself.
    select: "SELECT kid AS id, private_jwk #>> '{}' AS stored FROM signing_keys WHERE left(private_jwk #>> '{}', length($1)) <> $1",
    aad: (row) => signingKeyAad(String(row.id)),
    update: "UPDATE signing_keys SET private_jwk = to_jsonb($2::text) WHERE kid = $1 AND private_jwk #>> '{}' = $3",
  },
  {
    name: 'wallet_share_sets.auth_share',
    select: `SELECT id, auth_share AS stored, app_id, entropy_id, share_version FROM wallet_share_sets
             WHERE left(auth_share, length($1)) <> $1 ORDER BY id`,
    aad: (row) => authShareAad({ appId: String(row.app_id), entropyId: String(row.entropy_id), shareVersion: Number(row.share_version) }),
    update: 'UPDATE wallet_share_sets SET auth_share = $2 WHERE id = $1 AND auth_share = $3',
  },
]
