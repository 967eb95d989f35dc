import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MFA_TOKEN_HEADER, MFA_TOKEN_TTL_SECONDS, embeddedWalletRoutes, mfaRoutes } from '../../../src/protocol/index.js'
import type { ApiResponse, TestServer } from '../test-support/test-server.js'
import { createBodyOf, newTestWallet, splitEntropy, type TestWallet } from '../wallets/test-fixtures/share-set.js'
import { callMfa, enrolTotp, signInUser, startWalletGateTestServer, verifyTotp } from './test-support.js'

let t: TestServer
beforeAll(async () => {
  t = await startWalletGateTestServer()
})
afterAll(async () => {
  await t?.close()
})

const at = (route: { path: string }, wallet: TestWallet) => route.path.replace(':address', wallet.address)
const failure = (response: ApiResponse) => [response.status, response.body.code]
const mfaRequired = [403, 'mfa_required']

/** A user with an Ethereum wallet, then an authenticator app enrolled; answers the TOTP secret. */
async function userWithMfaAndWallet(email?: string) {
  const user = await signInUser(t, email)
  const wallet = await newTestWallet('ethereum')
  expect((await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token: user.token })).status).toBe(200)
  const secret = await enrolTotp(t, user)
  return { user, wallet, secret }
}

const shareCall = (route: { path: string }, wallet: TestWallet, user: { token: string }, mfaToken?: string, body: object = { chain_type: wallet.chain }) =>
  t.call(at(route, wallet), { body, token: user.token, ...(mfaToken ? { headers: { [MFA_TOKEN_HEADER]: mfaToken } } : {}) })
const readRoutes = [embeddedWalletRoutes.authShare, embeddedWalletRoutes.keyMaterial, embeddedWalletRoutes.exportShare]

describe('the wallet gate (docs/security.md #49, #51)', () => {
  it('users without MFA are not asked for it', async () => {
    const user = await signInUser(t)
    const wallet = await newTestWallet('ethereum')
    await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token: user.token })
    for (const route of readRoutes) expect((await shareCall(route, wallet, user)).status).toBe(200)
  })

  it('with MFA enrolled, every share route answers 403 mfa_required without a token, and releases with one', async () => {
    const { user, wallet, secret } = await userWithMfaAndWallet()
    for (const route of readRoutes) {
      const refused = await shareCall(route, wallet, user)
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual({ code: 'mfa_required', error: 'MFA verification required' })
    }
    const next = await splitEntropy(wallet.entropy, 2)
    const reshareBody = { chain_type: 'ethereum', previous_share_version: 1, auth_share: next.auth, recovery: { method: 'privy', share: next.recovery } }
    expect(failure(await shareCall(embeddedWalletRoutes.reshare, wallet, user, undefined, reshareBody))).toEqual(mfaRequired)
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, wallet, user, 'not-a-token'))).toEqual(mfaRequired)

    const mfaToken = await verifyTotp(t, user, secret)
    const released = await shareCall(embeddedWalletRoutes.authShare, wallet, user, mfaToken)
    expect(released.status).toBe(200)
    expect(released.body.auth_share).toBe(wallet.split.auth)
    expect((await shareCall(embeddedWalletRoutes.keyMaterial, wallet, user, mfaToken)).status).toBe(200)
    expect((await shareCall(embeddedWalletRoutes.exportShare, wallet, user, mfaToken)).status).toBe(200)
    const reshared = await shareCall(embeddedWalletRoutes.reshare, wallet, user, mfaToken, reshareBody)
    expect(reshared.status).toBe(200)
    expect(reshared.body.share_version).toBe(2)
  })

  it('a token verified in another session of the same user is refused; that session verifies for itself', async () => {
    const { user, wallet, secret } = await userWithMfaAndWallet()
    const mfaToken = await verifyTotp(t, user, secret)
    const otherDevice = await signInUser(t, user.email)
    expect(otherDevice.userId).toBe(user.userId)
    expect(otherDevice.sessionId).not.toBe(user.sessionId)
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, wallet, otherDevice, mfaToken))).toEqual(mfaRequired)
    const own = await verifyTotp(t, otherDevice, secret)
    expect((await shareCall(embeddedWalletRoutes.authShare, wallet, otherDevice, own)).status).toBe(200)
  })

  it("another user's MFA token never opens this user's wallet", async () => {
    const victim = await userWithMfaAndWallet()
    const attacker = await userWithMfaAndWallet()
    const attackersToken = await verifyTotp(t, attacker.user, attacker.secret)
    expect(decodeJwt(attackersToken).sub).toBe(attacker.user.userId)
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, victim.wallet, victim.user, attackersToken))).toEqual(mfaRequired)
    // Nor does the attacker's own session reach the victim's wallet with it.
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, victim.wallet, attacker.user, attackersToken))).toEqual([404, 'not_found'])
  })

  it(`a token lasts ${MFA_TOKEN_TTL_SECONDS / 60} minutes, across token refreshes of its session`, async () => {
    const email = `mfa-refresh-${Date.now()}@example.com`
    const { user, wallet, secret } = await userWithMfaAndWallet(email)
    const mfaToken = await verifyTotp(t, user, secret)
    const login = await t.login(email)
    const session = { token: login.body.token as string, refresh: login.body.refresh_token as string }
    const sessionMfa = await verifyTotp(t, { ...user, token: session.token }, secret)
    t.clock.advance(MFA_TOKEN_TTL_SECONDS - 60)
    const refreshed = await t.call('/api/v1/sessions', { body: { refresh_token: session.refresh } })
    expect(refreshed.status).toBe(200)
    expect(decodeJwt(refreshed.body.token).sid).toBe(decodeJwt(session.token).sid)
    expect((await shareCall(embeddedWalletRoutes.authShare, wallet, { token: refreshed.body.token }, sessionMfa)).status).toBe(200)
    t.clock.advance(61)
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, wallet, { token: refreshed.body.token }, sessionMfa))).toEqual(mfaRequired)
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, wallet, user, mfaToken))).toEqual(mfaRequired)
  })

  it('an MFA token is no access token, and an access token no MFA token', async () => {
    const { user, wallet, secret } = await userWithMfaAndWallet()
    const mfaToken = await verifyTotp(t, user, secret)
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, wallet, { token: mfaToken }))).toEqual([401, 'missing_or_invalid_token'])
    expect(failure(await shareCall(embeddedWalletRoutes.authShare, wallet, user, user.token))).toEqual(mfaRequired)
  })

  it('removing the last factor lifts the gate', async () => {
    const { user, wallet, secret } = await userWithMfaAndWallet()
    const mfaToken = await verifyTotp(t, user, secret)
    expect((await callMfa(t, mfaRoutes.totpUnenroll, user, {}, mfaToken)).status).toBe(200)
    expect((await shareCall(embeddedWalletRoutes.authShare, wallet, user)).status).toBe(200)
  })
})
