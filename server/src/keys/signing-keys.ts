import { randomBytes } from 'node:crypto'
import { exportJWK, exportSPKI, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose'
import type { Db } from '../db/types.js'

export interface SigningKeys {
  kid: string
  privateKey: CryptoKey
  /** Public keys by kid: only these verify tokens. */
  publicKeys: Map<string, CryptoKey>
  jwks: { keys: JWK[] }
  /** SPKI PEM of the active key: `verification_key` in the app config. */
  publicPem: string
}

interface KeyRow { kid: string; private_jwk: JWK; public_jwk: JWK; public_pem: string; active: boolean }

/** Loads the ES256 signing keys, creating the first pair once (racing processes keep the first insert). */
export async function loadSigningKeys(db: Db, now: number): Promise<SigningKeys> {
  let rows = await db.query<KeyRow>('SELECT kid, private_jwk, public_jwk, public_pem, active FROM signing_keys ORDER BY created_at')
  if (!rows.some((row) => row.active)) {
    const pair = await generateKeyPair('ES256', { extractable: true })
    const kid = randomBytes(12).toString('base64url')
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' }
    await db.query(
      `INSERT INTO signing_keys (kid, private_jwk, public_jwk, public_pem, active, created_at)
       SELECT $1, $2, $3, $4, true, $5 WHERE NOT EXISTS (SELECT 1 FROM signing_keys WHERE active)`,
      [kid, JSON.stringify(await exportJWK(pair.privateKey)), JSON.stringify(publicJwk), await exportSPKI(pair.publicKey), now],
    )
    rows = await db.query<KeyRow>('SELECT kid, private_jwk, public_jwk, public_pem, active FROM signing_keys ORDER BY created_at')
  }
  const active = rows.find((row) => row.active)
  if (!active) throw new Error('No active signing key')
  const publicKeys = new Map<string, CryptoKey>()
  for (const row of rows) publicKeys.set(row.kid, (await importJWK(row.public_jwk, 'ES256')) as CryptoKey)
  return {
    kid: active.kid,
    privateKey: (await importJWK(active.private_jwk, 'ES256')) as CryptoKey,
    publicKeys,
    jwks: { keys: rows.map((row) => row.public_jwk) },
    publicPem: active.public_pem,
  }
}
