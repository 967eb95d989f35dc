import { p256 } from '@noble/curves/nist'
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delegationRoutes, embeddedWalletRoutes, usersMeRoute } from '../../../src/protocol/index.js'
import type { EmbeddedWalletSettings } from '../apps/types.js'
import { decodeBase32 } from '../mfa/base32.js'
import { enrolTotp, type MfaTestUser } from '../mfa/test-support.js'
import { openTotpSecret } from '../mfa/totp-secret-seal.js'
import { dumpDatabase, type DatabaseDump } from '../test-support/database-dump.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { unsealDelegatedShare } from '../wallets/delegation-seal.js'
import { unsealRecoveryShare } from '../wallets/recovery-seal.js'
import { readShareHeader } from '../wallets/share-format.js'
import { createBodyOf, newDerivedTestWallet } from '../wallets/test-fixtures/share-set.js'

const delegating: EmbeddedWalletSettings = {
  ethereumCreateOnLogin: 'off',
  solanaCreateOnLogin: 'off',
  requireUserPasswordOnCreate: false,
  userOwnedRecoveryOptions: ['user-passcode'],
  googleDriveApiUrl: 'https://www.googleapis.com',
  delegatedActionsEnabled: true,
}

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { embeddedWallets: delegating } })
})
afterAll(async () => {
  await t?.close()
})

/** Every 32-byte value an attacker could read out of the dump (base64url, base64 or hex, whole or between dots). */
function keyCandidates(dump: DatabaseDump): Buffer[] {
  const seen = new Map<string, Buffer>()
  for (const value of dump.values) {
    if (typeof value !== 'string') continue
    for (const part of [value, ...value.split('.')]) {
      for (const bytes of [Buffer.from(part, 'base64url'), Buffer.from(part, 'base64'), Buffer.from(part, 'hex')]) {
        if (bytes.length === 32) seen.set(bytes.toString('hex'), bytes)
      }
    }
  }
  return [...seen.values()]
}

const fails = (attempt: () => unknown) => {
  try {
    attempt()
    return false
  } catch {
    return true
  }
}

/** Signs the user's own token's claims with `d` as the private key of the server's active signing key pair. */
async function forgeToken(claimsOf: string, d: Buffer): Promise<string | null> {
  try {
    const point = p256.getPublicKey(d, false)
    const jwk: JWK = {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: Buffer.from(point.subarray(1, 33)).toString('base64url'),
      y: Buffer.from(point.subarray(33)).toString('base64url'),
    }
    const { kid } = decodeProtectedHeader(claimsOf)
    return await new SignJWT(decodeJwt(claimsOf)).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid }).sign(await importJWK(jwk, 'ES256'))
  } catch {
    return null
  }
}

describe('the database at rest', () => {
  it('docs/security.md #44/#62: a full database dump without the key-encryption key yields no signing key, auth share, recovery key, TOTP secret or delegation secret (and no OTP code or refresh token, 9/37)', async () => {
    const email = `dump-${Date.now()}@example.com`
    const login = await t.login(email)
    expect(login.status).toBe(200)
    const user: MfaTestUser = { token: login.body.token, userId: login.body.user.id, sessionId: '', email }
    const wallet = await newDerivedTestWallet('ethereum')
    expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token: user.token })).status).toBe(200)
    const delegated = await t.call(delegationRoutes.delegate.path, {
      body: { address: wallet.address, chain_type: 'ethereum', device_share: wallet.split.device },
      token: user.token,
    })
    expect(delegated.status).toBe(200)
    const totpSecret = await enrolTotp(t, user)
    const pendingEmail = `dump-pending-${Date.now()}@example.com`
    expect((await t.call('/api/v1/passwordless/init', { body: { email: pendingEmail } })).status).toBe(200)
    const pendingCode = t.inbox.lastCode(pendingEmail)

    const dump = await dumpDatabase(t.db)
    const text = dump.rows.join('\n')
    const totpBytes = Buffer.from(decodeBase32(totpSecret))
    for (const secret of [
      wallet.split.auth,
      wallet.split.recovery,
      wallet.split.device,
      login.body.refresh_token,
      login.body.token,
      totpSecret,
      totpBytes.toString('base64'),
      totpBytes.toString('base64url'),
      totpBytes.toString('hex'),
    ]) {
      expect(text.includes(secret), `a plaintext secret (${secret.slice(0, 6)}…) is in the dump`).toBe(false)
    }
    expect(dump.values.filter((value) => String(value) === pendingCode)).toEqual([])
    expect(dump.values.filter((value) => typeof value === 'string' && !fails(() => readShareHeader(value, 'dump')))).toEqual([])
    expect(
      dump.rows.filter((row) => /"d"\s*:/.test(row)),
      'a private JWK is in the dump',
    ).toEqual([])

    const [shareSet] = await t.db.query<{ recovery_share_sealed: string }>('SELECT recovery_share_sealed FROM wallet_share_sets WHERE entropy_id = $1', [
      wallet.address,
    ])
    const [delegation] = await t.db.query<{ device_share_sealed: string }>('SELECT device_share_sealed FROM wallet_delegations WHERE address = $1', [
      wallet.address,
    ])
    const [factor] = await t.db.query<{ totp_secret_sealed: string }>("SELECT totp_secret_sealed FROM mfa_factors WHERE user_id = $1 AND type = 'totp'", [
      user.userId,
    ])
    const binding = { appId: t.app.id, entropyId: wallet.address, shareVersion: 1 }
    const candidates = keyCandidates(dump)
    expect(candidates.length).toBeGreaterThan(0)
    for (const key of candidates) {
      expect(
        fails(() => unsealRecoveryShare(key, shareSet!.recovery_share_sealed, binding)),
        'a dumped value opens the recovery share',
      ).toBe(true)
      expect(
        fails(() => unsealDelegatedShare(key, delegation!.device_share_sealed, binding)),
        'a dumped value opens the delegated share',
      ).toBe(true)
      expect(
        fails(() => openTotpSecret(key, user.userId, factor!.totp_secret_sealed)),
        'a dumped value opens the TOTP secret',
      ).toBe(true)
      const forged = await forgeToken(user.token, key)
      if (forged) expect((await t.call(usersMeRoute.path, { token: forged })).status, 'a token signed with a dumped value is accepted').toBe(401)
    }
  })
})
