/**
 * Google Drive recovery on the server: a reshare to 'google-drive' stores the frame's key-sealed share opaque and
 * gives it back (still sealed) with the key material; the method must be one the app offers, except that recovery
 * keeps a wallet's method even after the app stopped offering it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes, type KeySealedShare } from '../../../src/protocol/index.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'
import { createBodyOf, newTestWallet, splitEntropy } from './test-fixtures/share-set.js'

/** An app's wallet settings offering `options`. */
const offering = (userOwnedRecoveryOptions: ('user-passcode' | 'google-drive')[]) =>
  ({
    ethereumCreateOnLogin: 'off',
    solanaCreateOnLogin: 'off',
    requireUserPasswordOnCreate: false,
    userOwnedRecoveryOptions,
    googleDriveApiUrl: 'https://www.googleapis.com',
  }) as const

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { embeddedWallets: offering(['user-passcode', 'google-drive']) } })
})
afterAll(async () => {
  await t?.close()
})

const at = (route: { path: string }, address: string) => route.path.replace(':address', address)
const sealedWith = (keyFile: string): KeySealedShare => ({
  key_file: keyFile,
  iv: Buffer.alloc(12, 7).toString('base64'),
  ciphertext: Buffer.alloc(80, 9).toString('base64'),
})

async function walletOf(appId = t.app.id) {
  const login = await t.login(`cloud-${Math.random()}@example.com`, appId)
  const token = login.body.token as string
  const wallet = await newTestWallet('ethereum')
  expect((await t.call(embeddedWalletRoutes.create.path, { appId, body: createBodyOf(wallet), token })).status).toBe(200)
  const reshare = async (version: number, recovery: unknown) => {
    const split = await splitEntropy(wallet.entropy, version + 1)
    return t.call(at(embeddedWalletRoutes.reshare, wallet.address), {
      appId,
      token,
      body: { chain_type: 'ethereum', previous_share_version: version, auth_share: split.auth, recovery },
    })
  }
  return { token, wallet, reshare, appId }
}

describe('Google Drive recovery share sets', () => {
  it('stores the key-sealed share opaque and releases it sealed with the key material', async () => {
    const { token, wallet, reshare } = await walletOf()
    const sealed = sealedWith(`tessera-recovery-${wallet.address}-abc.json`)
    const done = await reshare(1, { method: 'google-drive', sealed })
    expect(done.status).toBe(200)
    expect(done.body.user.linked_accounts).toContainEqual(expect.objectContaining({ address: wallet.address, recovery_method: 'google-drive' }))
    const material = await t.call(at(embeddedWalletRoutes.keyMaterial, wallet.address), { token, body: { chain_type: 'ethereum' } })
    expect(material.status).toBe(200)
    expect(material.body).toMatchObject({ recovery_method: 'google-drive', sealed_recovery_share: sealed, share_version: 2 })
    expect(material.body.recovery_share).toBeUndefined()
  })

  it('refuses a malformed sealed share with 400', async () => {
    const { reshare } = await walletOf()
    for (const sealed of [
      { ...sealedWith('../etc/passwd'), key_file: '../etc/passwd' },
      { key_file: 'x.json', iv: 'not base64!', ciphertext: 'AAAA' },
      { key_file: 'x.json' },
    ]) {
      const response = await reshare(1, { method: 'google-drive', sealed })
      expect([response.status, response.body.code]).toEqual([400, 'invalid_data'])
    }
  })

  it('refuses a method the app does not offer, but lets recovery keep the wallet’s method', async () => {
    const passwordOnly = await t.createApp({ name: 'Password only', allowedOrigins: [TEST_ORIGIN] })
    const { reshare } = await walletOf(passwordOnly.id)
    const refused = await reshare(1, { method: 'google-drive', sealed: sealedWith('a.json') })
    expect([refused.status, refused.body.code]).toEqual([400, 'disallowed_recovery_method'])

    const drive = await t.createApp({ name: 'Drive backups', allowedOrigins: [TEST_ORIGIN], embeddedWallets: offering(['google-drive']) })
    const backedUp = await walletOf(drive.id)
    expect((await backedUp.reshare(1, { method: 'google-drive', sealed: sealedWith('a.json') })).status).toBe(200)
    await t.createApp({ ...drive, embeddedWallets: offering([]) })
    // Recovery re-seals with the same method: still allowed; a change to another user-owned method is not.
    expect((await backedUp.reshare(2, { method: 'google-drive', sealed: sealedWith('b.json') })).status).toBe(200)
    expect(
      (
        await backedUp.reshare(3, {
          method: 'user-passcode',
          sealed: {
            kdf: { name: 'scrypt', n: 2 ** 17, r: 8, p: 1, salt: Buffer.alloc(16).toString('base64') },
            iv: Buffer.alloc(12).toString('base64'),
            ciphertext: Buffer.alloc(64).toString('base64'),
          },
        })
      ).body.code,
    ).toBe('disallowed_recovery_method')
  })

  it('the app config lists the offered methods', async () => {
    const config = await t.call(`/api/v1/apps/${t.app.id}`, {})
    expect(config.body.embedded_wallet_config.user_owned_recovery_options).toEqual(['user-passcode', 'google-drive'])
  })
})
