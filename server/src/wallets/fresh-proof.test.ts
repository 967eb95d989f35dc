import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_TOKEN_HEADER, embeddedWalletRoutes } from '../../../src/protocol/index.js'
import { enrolTotp, signInUser, startWalletGateTestServer, verifyTotp, type MfaTestUser } from '../mfa/test-support.js'
import type { ApiResponse, TestServer } from '../test-support/test-server.js'
import { FRESH_PROOF_WINDOW_MS } from './require-fresh-proof.js'
import { createBodyOf, newTestWallet, type TestWallet } from './test-fixtures/share-set.js'

let t: TestServer
beforeAll(async () => {
  t = await startWalletGateTestServer()
})
afterAll(async () => {
  await t?.close()
})

const at = (route: { path: string }, wallet: TestWallet) => route.path.replace(':address', wallet.address)
const failure = (response: ApiResponse) => [response.status, response.body.code]
const elevenMinutes = FRESH_PROOF_WINDOW_MS / 1000 + 60

const keyMaterial = (wallet: TestWallet, user: { token: string }, mfaToken?: string) =>
  t.call(at(embeddedWalletRoutes.keyMaterial, wallet), {
    body: { chain_type: wallet.chain },
    token: user.token,
    ...(mfaToken ? { headers: { [MFA_TOKEN_HEADER]: mfaToken } } : {}),
  })
const exportMaterial = (wallet: TestWallet, user: { token: string }, mfaToken?: string) =>
  t.call(at(embeddedWalletRoutes.exportShare, wallet), {
    body: { chain_type: wallet.chain, include_recovery: true },
    token: user.token,
    ...(mfaToken ? { headers: { [MFA_TOKEN_HEADER]: mfaToken } } : {}),
  })

/** A signed-in user with an automatic-recovery Ethereum wallet. */
async function userWithWallet(): Promise<{ user: MfaTestUser; wallet: TestWallet }> {
  const user = await signInUser(t)
  const wallet = await newTestWallet('ethereum')
  expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token: user.token })).status).toBe(200)
  return { user, wallet }
}

describe('key material needs a fresh proof (docs/security.md #61)', () => {
  it('a live token whose session signed in 11 minutes ago (no MFA) gets neither key material nor export; a fresh sign-in does', async () => {
    const { user, wallet } = await userWithWallet()
    expect((await keyMaterial(wallet, user)).status).toBe(200)

    t.clock.advance(elevenMinutes)
    // The access token is still live: everyday unlocking with the device share goes on.
    expect((await t.call(at(embeddedWalletRoutes.authShare, wallet), { body: { chain_type: 'ethereum' }, token: user.token })).status).toBe(200)
    for (const refused of [await keyMaterial(wallet, user), await exportMaterial(wallet, user)]) {
      expect(failure(refused)).toEqual([403, 'missing_or_invalid_token'])
      expect(refused.body.error).toMatch(/^Sign in again to /)
      expect(JSON.stringify(refused.body)).not.toContain(wallet.split.auth)
      expect(JSON.stringify(refused.body)).not.toContain(wallet.split.recovery)
    }

    const again = await signInUser(t, user.email)
    expect(again.sessionId).not.toBe(user.sessionId)
    const material = await keyMaterial(wallet, again)
    expect(material.status).toBe(200)
    expect(material.body).toMatchObject({ auth_share: wallet.split.auth, recovery_share: wallet.split.recovery })
    expect((await exportMaterial(wallet, again)).status).toBe(200)
  })

  it('with MFA enrolled, an MFA token older than 10 minutes (still within its lifetime) is refused; passing MFA again allows it', async () => {
    const { user, wallet } = await userWithWallet()
    const secret = await enrolTotp(t, user)
    const oldMfa = await verifyTotp(t, user, secret)
    expect((await keyMaterial(wallet, user, oldMfa)).status).toBe(200)

    t.clock.advance(elevenMinutes)
    expect(failure(await keyMaterial(wallet, user, oldMfa))).toEqual([403, 'mfa_required'])
    expect(failure(await exportMaterial(wallet, user, oldMfa))).toEqual([403, 'mfa_required'])

    // The session signed in 11+ minutes ago; the MFA just passed is the fresh proof.
    const freshMfa = await verifyTotp(t, user, secret)
    const material = await keyMaterial(wallet, user, freshMfa)
    expect(material.status).toBe(200)
    expect(material.body.recovery_share).toBe(wallet.split.recovery)
    expect((await exportMaterial(wallet, user, freshMfa)).status).toBe(200)
  })
})
