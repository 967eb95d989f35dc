import { randomBytes } from 'node:crypto'
import { exportJWK, exportSPKI, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose'
import type { Db } from '../db/types.js'
import type { KeyEncryptionKeys } from '../secrets/key-encryption-keys.js'
import { openText, sealText } from '../secrets/sealed-text.js'

export interface SigningKeys {
  kid: string
  privateKey: CryptoKey
  /** Public keys by kid: only these verify tokens. */
  publicKeys: Map<string, CryptoKey>
  jwks: { keys: JWK[] }
  /** SPKI PEM of the active key: `verification_key` in the app config. */
  publicPem: string
}

interface KeyRow {
  kid: string
  private_jwk_sealed: string
  public_jwk: JWK
  public_pem: string
  active: boolean
}

/** Binds a sealed private key to its kid. */
export const signingKeyAad = (kid: string) => `signing_keys.private_jwk\n${kid}`
const keyColumns = "kid, private_jwk #>> '{}' AS private_jwk_sealed, public_jwk, public_pem, active"

/**
 * Loads the ES256 signing keys, creating the first pair once (racing processes keep the first insert). Private keys
 * are stored sealed with the key-encryption key (a JSON string in the jsonb column).
 */
export async function loadSigningKeys(db: Db, keys: KeyEncryptionKeys, now: number): Promise<SigningKeys> {
  let rows = await db.query<KeyRow>(`SELECT ${keyColumns} FROM signing_keys ORDER BY created_at`)
  if (!rows.some((row) => row.active)) {
    const pair = await generateKeyPair('ES256', { extractable: true })
    const kid = randomBytes(12).toString('base64url')
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' }
    await db.query(
      `INSERT INTO signing_keys (kid, private_jwk, public_jwk, public_pem, active, created_at)
       SELECT $1, to_jsonb($2::text), $3, $4, true, $5 WHERE NOT EXISTS (SELECT 1 FROM signing_keys WHERE active)`,
      [
        kid,
        await sealText(keys, JSON.stringify(await exportJWK(pair.privateKey)), signingKeyAad(kid)),
        JSON.stringify(publicJwk),
        await exportSPKI(pair.publicKey),
        now,
      ],
    )
    rows = await db.query<KeyRow>(`SELECT ${keyColumns} FROM signing_keys ORDER BY created_at`)
  }
  const active = rows.find((row) => row.active)
  if (!active) throw new Error('No active signing key')
  const publicKeys = new Map<string, CryptoKey>()
  for (const row of rows) publicKeys.set(row.kid, (await importJWK(row.public_jwk, 'ES256')) as CryptoKey)
  return {
    kid: active.kid,
    privateKey: (await importJWK(JSON.parse(await openText(keys, active.private_jwk_sealed, signingKeyAad(active.kid))) as JWK, 'ES256')) as CryptoKey,
    publicKeys,
    jwks: { keys: rows.map((row) => row.public_jwk) },
    publicPem: active.public_pem,
  }
}
