/**
 * `require_user_owned_recovery_on_create` (wallet spec, "States and transitions"): a new wallet must get a user-owned recovery (a password or
 * an offered cloud backup); automatic recovery is refused, and a cloud method the app does not offer too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes, type KeySealedShare, type RecoveryShareInput } from '../../../src/protocol/index.js'
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test-support/test-server.js'
import { createBodyOf, newTestWallet } from './test-fixtures/share-set.js'

const requiring = (userOwnedRecoveryOptions: ('user-passcode' | 'google-drive')[]) =>
  ({
    ethereumCreateOnLogin: 'off',
    solanaCreateOnLogin: 'off',
    requireUserPasswordOnCreate: false,
    requireUserOwnedRecoveryOnCreate: true,
    userOwnedRecoveryOptions,
    googleDriveApiUrl: 'https://www.googleapis.com',
  }) as const

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ app: { embeddedWallets: requiring(['user-passcode', 'google-drive']) } })
})
afterAll(async () => {
  await t?.close()
})

const sealed = (keyFile: string): KeySealedShare => ({
  key_file: keyFile,
  iv: Buffer.alloc(12, 7).toString('base64'),
  ciphertext: Buffer.alloc(80, 9).toString('base64'),
})

async function create(recovery: (wallet: Awaited<ReturnType<typeof newTestWallet>>) => RecoveryShareInput | undefined, appId = t.app.id) {
  const token = (await t.login(`required-${Math.random()}@example.com`, appId)).body.token as string
  const wallet = await newTestWallet('ethereum')
  const extra = recovery(wallet)
  return t.call(embeddedWalletRoutes.create.path, { appId, token, body: createBodyOf(wallet, extra ? { recovery: extra } : {}) })
}

describe('user-owned recovery required on create', () => {
  it('refuses automatic recovery with 400 disallowed_recovery_method', async () => {
    const response = await create(() => undefined)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'disallowed_recovery_method',
      error: 'This app requires a user-owned recovery method (a password or a cloud backup) for new wallets',
    })
  })

  it('creates the wallet with an offered Google Drive backup, stored as google-drive', async () => {
    const response = await create((wallet) => ({ method: 'google-drive', sealed: sealed(`tessera-recovery-${wallet.address}-1.key`) }))
    expect(response.status).toBe(200)
    const account = (response.body.user.linked_accounts as { type: string; recovery_method?: string }[]).find((linked) => linked.type === 'wallet')
    expect(account?.recovery_method).toBe('google-drive')
  })

  it('refuses a cloud method the app does not offer', async () => {
    const passwordOnly = await t.createApp({ name: 'Password required', allowedOrigins: [TEST_ORIGIN], embeddedWallets: requiring(['user-passcode']) })
    const response = await create((wallet) => ({ method: 'google-drive', sealed: sealed(`tessera-recovery-${wallet.address}-1.key`) }), passwordOnly.id)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('disallowed_recovery_method')
  })
})
