/**
 * Wallet spec, "States and transitions": "Wallet creation": with user-owned recovery required, a login's creation waits for the user's choice
 * (recovery selection first, or straight to the password when it is the only method) and creates the wallets with it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { defaultConfig } from '../../config/defaults.js'
import { TEST_APP_ID } from '../../test-support/fixtures.js'
import { recoveryPromptToCreate } from './create-on-login.js'
import { startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'

let testbed: EmbeddedTestbed
afterEach(async () => {
  await testbed?.close()
})

const bothChains = { ethereum: { create_on_login: 'all-users' }, solana: { create_on_login: 'all-users' } } as const
const requiring = (user_owned_recovery_options: string[]) => ({ ...bothChains, require_user_owned_recovery_on_create: true, user_owned_recovery_options })

async function waitingLogin(options: string[], cloudAccessToken?: () => Promise<string>) {
  testbed = await startEmbeddedTestbed({ embedded: requiring(options) })
  const client = testbed.newClient({ cloudAccessToken })
  const prompts: string[] = []
  client.on('walletPrompt', ({ screen }) => void prompts.push(screen))
  await testbed.login(client)
  await new Promise((resolve) => setTimeout(resolve, 50))
  return { client, prompts }
}

describe('user-owned recovery required on create', () => {
  it('holds the creation and prompts recovery selection when several methods are offered', async () => {
    const { client, prompts } = await waitingLogin(['user-passcode', 'google-drive'])
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'creating', creating: null, error: null })
    expect([prompts, testbed.frame.calls, client.getAuth().status]).toEqual([['recovery:select'], [], 'authenticated'])
  })

  it('prompts the password straight away when it is the only method, and creates with it', async () => {
    const { client, prompts } = await waitingLogin(['user-passcode'])
    expect(prompts).toEqual(['password:create'])
    const wallets = await client.embeddedWallets.createLoginWallets({ recoveryPassword: 'correct horse battery' })
    expect(wallets.map((wallet) => wallet.recoveryMethod)).toEqual(['user-passcode', 'user-passcode'])
  })

  it('creates both wallets backed up to Google Drive with the provider token, never automatic', async () => {
    let tokens = 0
    const { client } = await waitingLogin(['user-passcode', 'google-drive'], async () => `drive-token-${++tokens}`)
    const wallets = await client.embeddedWallets.createLoginWallets({ recoveryMethod: 'google-drive' })
    expect(wallets.map((wallet) => [wallet.chainType, wallet.recoveryMethod])).toEqual([
      ['ethereum', 'google-drive'],
      ['solana', 'google-drive'],
    ])
    // One consent serves both wallets.
    expect(tokens).toBe(1)
    expect(
      testbed.frame.calls.map((call) => [
        call.event,
        (call.data as { recoveryMethod?: string }).recoveryMethod,
        (call.data as { recoveryAccessToken?: string }).recoveryAccessToken,
      ]),
    ).toEqual([
      ['wallet:create', 'google-drive', 'drive-token-1'],
      ['solana-wallet:create', 'google-drive', 'drive-token-1'],
    ])
    expect(client.embeddedWallets.getState().status).toBe('ready')
  })

  it('a refused Drive consent leaves the creation waiting for another choice', async () => {
    let consent = false
    const { client } = await waitingLogin(['user-passcode', 'google-drive'], async () => {
      if (!consent) throw new Error('popup closed')
      return 'drive-token'
    })
    await expect(client.embeddedWallets.createLoginWallets({ recoveryMethod: 'google-drive' })).rejects.toBeTruthy()
    expect([testbed.frame.calls, client.getAuth().status, client.embeddedWallets.getState().creating]).toEqual([[], 'authenticated', null])
    consent = true
    const wallets = await client.embeddedWallets.createLoginWallets({ recoveryPassword: 'correct horse battery' })
    expect(wallets.map((wallet) => wallet.recoveryMethod)).toEqual(['user-passcode', 'user-passcode'])
  })

  it('chooses the first screen from the settings', () => {
    const config = defaultConfig(TEST_APP_ID)
    const prompt = (settings: Partial<typeof config.embeddedWallets>) =>
      recoveryPromptToCreate({ ...config, embeddedWallets: { ...config.embeddedWallets, ...settings } })
    expect(prompt({})).toBeNull()
    expect(prompt({ requireUserPasswordOnCreate: true, userOwnedRecoveryOptions: ['user-passcode', 'google-drive'] })).toBe('password:create')
    expect(prompt({ requireUserOwnedRecoveryOnCreate: true })).toBe('password:create')
    expect(prompt({ requireUserOwnedRecoveryOnCreate: true, userOwnedRecoveryOptions: ['user-passcode'] })).toBe('password:create')
    expect(prompt({ requireUserOwnedRecoveryOnCreate: true, userOwnedRecoveryOptions: ['user-passcode', 'google-drive'] })).toBe('recovery:select')
    expect(prompt({ requireUserOwnedRecoveryOnCreate: true, userOwnedRecoveryOptions: ['google-drive'] })).toBe('cloud:backup')
    expect(prompt({ requireUserOwnedRecoveryOnCreate: true, userOwnedRecoveryOptions: ['icloud'] })).toBe('recovery:select')
  })
})
