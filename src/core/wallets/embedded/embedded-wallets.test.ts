import { afterEach, describe, expect, it } from 'vitest'
import { verifyMessage } from 'viem'
import { defaultConfig } from '../../config/defaults.js'
import { createMemoryStorage } from '../../session/storage.js'
import { TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import { userFromDto } from '../../user/from-dto.js'
import type { User } from '../../user/types.js'
import { createStore } from '../../utils/store.js'
import { createEmbeddedWallets } from './embedded-wallets.js'
import { createFakeFrame } from './test-support/fake-frame.js'
import { chainsToCreateOnLogin } from './create-on-login.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'
import type { EmbeddedWalletsState } from './types.js'

let testbed: EmbeddedTestbed
afterEach(async () => {
  await testbed?.close()
})

function record(states: EmbeddedWalletsState[]) {
  return (state: EmbeddedWalletsState) => void states.push(state)
}

describe('creating wallets on login', () => {
  it('creates Ethereum first, then Solana, showing which one is being made; the user then has both', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' }, solana: { create_on_login: 'users-without-wallets' } } })
    const client = testbed.newClient()
    const states: EmbeddedWalletsState[] = []
    client.embeddedWallets.watchState(record(states))
    await testbed.login(client)
    // Set during the login itself: the modal shows 'Creating your wallet' instead of closing.
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'creating', creating: 'ethereum' })

    const ready = await embeddedStateWhere(client, (state) => state.status === 'ready')
    expect(ready.wallets.map((wallet) => [wallet.chainType, wallet.walletIndex, wallet.recoveryMethod])).toEqual([
      ['ethereum', 0, 'privy'],
      ['solana', 0, 'privy'],
    ])
    expect(ready.wallets[0]).toMatchObject({
      entropyId: ready.wallets[0]!.address,
      entropyIdVerifier: 'ethereum-address-verifier',
      walletClientType: 'privy',
      connectorType: 'embedded',
    })
    expect(testbed.frame.calls.map((call) => call.event)).toEqual(['wallet:create', 'solana-wallet:create'])
    // 'creating' throughout (Ethereum, then Solana), and 'ready' only at the end.
    const statuses = states.map((state) => (state.status === 'creating' ? `creating ${state.creating}` : state.status))
    expect(statuses.filter((status, index) => status !== statuses[index - 1])).toEqual(['creating ethereum', 'creating solana', 'ready'])
    // The frame's user replaces the session's: the wallets are linked accounts now.
    const embedded = client.getAuth().user!.linkedAccounts.filter((account) => account.type === 'wallet' && account.walletClientType === 'privy')
    expect(embedded).toHaveLength(2)
    // Every frame call carried the session's access token.
    expect(testbed.frame.calls.every((call) => typeof (call.data as { accessToken?: unknown }).accessToken === 'string')).toBe(true)
  })

  it('creates nothing when every chain is off', async () => {
    testbed = await startEmbeddedTestbed()
    const client = testbed.newClient()
    await testbed.login(client)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(client.embeddedWallets.getState()).toEqual({ status: 'idle', wallets: [], creating: null, error: null })
    expect(testbed.frame.calls).toEqual([])
  })

  it('logs the user out when the creation fails, and keeps the error', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' } } })
    const client = testbed.newClient()
    testbed.frame.failNext('wallet:create', 'Failed to create wallet')
    await testbed.login(client)
    const failed = await embeddedStateWhere(client, (state) => state.status === 'error' && client.getAuth().status === 'unauthenticated')
    expect(failed.error).toMatchObject({ code: 'embedded_wallet_request_error', shortMessage: 'Failed to create wallet' })
    expect(client.getAuth().status).toBe('unauthenticated')
  })

  it('a creation that fails after its user logged out and in again does not end the new session', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' } } })
    const client = testbed.newClient()
    testbed.frame.hold()
    testbed.frame.failNext('wallet:create', 'Failed to create wallet')
    await testbed.login(client)
    await client.logout()
    await testbed.login(client)
    testbed.frame.release()
    await embeddedStateWhere(client, (state) => state.status === 'ready')
    expect(client.getAuth().status).toBe('authenticated')
  })

  it('waits for the password the app requires instead of failing, then creates both wallets with it', async () => {
    testbed = await startEmbeddedTestbed({
      embedded: { require_user_password_on_create: true, ethereum: { create_on_login: 'all-users' }, solana: { create_on_login: 'all-users' } },
    })
    const client = testbed.newClient()
    const prompts: string[] = []
    client.on('walletPrompt', ({ screen }) => void prompts.push(screen))
    await testbed.login(client)
    // Held on 'creating' with no chain yet (the modal keeps the login), asking for the password: no frame call, no logout.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'creating', creating: null, error: null })
    expect([prompts, testbed.frame.calls, client.getAuth().status]).toEqual([['password:create'], [], 'authenticated'])

    await expect(client.embeddedWallets.createLoginWallets({ recoveryPassword: 42 as unknown as string })).rejects.toMatchObject({
      shortMessage: 'Invalid recovery password, must be a string',
    })
    const wallets = await client.embeddedWallets.createLoginWallets({ recoveryPassword: 'correct horse battery' })
    expect(wallets.map((wallet) => [wallet.chainType, wallet.recoveryMethod])).toEqual([
      ['ethereum', 'user-passcode'],
      ['solana', 'user-passcode'],
    ])
    expect(testbed.frame.calls.map((call) => [call.event, (call.data as { recoveryMethod?: string }).recoveryMethod])).toEqual([
      ['wallet:create', 'user-passcode'],
      ['solana-wallet:create', 'user-passcode'],
    ])
    expect(client.embeddedWallets.getState().status).toBe('ready')
    // Given once: nothing waits any more.
    await expect(client.embeddedWallets.createLoginWallets({ recoveryPassword: 'correct horse battery' })).rejects.toMatchObject({
      code: 'embedded_wallet_create_error',
    })
  })

  it('a login waiting for the password ends with a logout: nothing is created, and the next login asks again', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { require_user_password_on_create: true, ethereum: { create_on_login: 'all-users' } } })
    const client = testbed.newClient()
    await testbed.login(client)
    await client.logout()
    await expect(client.embeddedWallets.createLoginWallets({ recoveryPassword: 'correct horse battery' })).rejects.toMatchObject({
      code: 'embedded_wallet_create_error',
    })
    await testbed.login(client)
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'creating', creating: null })
    await client.embeddedWallets.createLoginWallets({ recoveryPassword: 'correct horse battery' })
    // The frame loaded while the first code was on its way, so the logout cleared its MFA token: a call, not a creation.
    expect(testbed.frame.calls.map((call) => call.event)).toEqual(['mfa:clear', 'wallet:create'])
  })

  it('a failed creation with the password logs the user out, as any failed creation after login', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { require_user_password_on_create: true, ethereum: { create_on_login: 'all-users' } } })
    const client = testbed.newClient()
    await testbed.login(client)
    testbed.frame.failNext('wallet:create', 'Failed to create wallet')
    await expect(client.embeddedWallets.createLoginWallets({ recoveryPassword: 'correct horse battery' })).rejects.toMatchObject({
      shortMessage: 'Failed to create wallet',
    })
    expect(client.getAuth().status).toBe('unauthenticated')
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'error', error: { shortMessage: 'Failed to create wallet' } })
  })

  it('applies each chain setting: off, users without (external) wallets, all users, custom auth as all users', () => {
    const config = defaultConfig(TEST_APP_ID)
    const settings = (ethereum: 'off' | 'users-without-wallets' | 'all-users', solana: typeof ethereum) => ({
      ...config,
      embeddedWallets: { ...config.embeddedWallets, ethereum: { createOnLogin: ethereum }, solana: { createOnLogin: solana } },
    })
    const wallet = (chainType: 'ethereum' | 'solana', walletClientType: string) =>
      ({
        type: 'wallet',
        address: 'x',
        chainType,
        walletClientType,
        connectorType: 'injected',
        imported: false,
        delegated: false,
        id: null,
        chainId: null,
        recoveryMethod: null,
        walletIndex: null,
      }) as User['linkedAccounts'][number]
    const user = (...linkedAccounts: User['linkedAccounts']) => ({ id: 'u', linkedAccounts }) as unknown as User

    expect(chainsToCreateOnLogin(user(), settings('off', 'off'), false)).toEqual([])
    expect(chainsToCreateOnLogin(user(), settings('users-without-wallets', 'all-users'), false)).toEqual(['ethereum', 'solana'])
    expect(chainsToCreateOnLogin(user(wallet('ethereum', 'io.metamask')), settings('users-without-wallets', 'users-without-wallets'), false)).toEqual([
      'solana',
    ])
    expect(chainsToCreateOnLogin(user(wallet('ethereum', 'io.metamask')), settings('all-users', 'off'), false)).toEqual(['ethereum'])
    expect(chainsToCreateOnLogin(user(wallet('ethereum', 'io.metamask')), settings('users-without-wallets', 'off'), true)).toEqual(['ethereum'])
    expect(chainsToCreateOnLogin(user(wallet('ethereum', 'privy')), settings('all-users', 'all-users'), false)).toEqual(['solana'])
  })
})

describe('create()', () => {
  it('follows the creation rules: authenticated only, one primary, additional ones by the next index', async () => {
    testbed = await startEmbeddedTestbed()
    const client = testbed.newClient()
    await client.ready
    await expect(client.embeddedWallets.create()).rejects.toMatchObject({
      code: 'must_be_authenticated',
      shortMessage: 'User must be authenticated before creating a wallet',
    })
    await testbed.login(client)

    await expect(client.embeddedWallets.create({ walletIndex: 1 })).rejects.toMatchObject({ shortMessage: 'Invalid args to create wallet' })
    await expect(client.embeddedWallets.create({ walletIndex: -1 })).rejects.toMatchObject({ shortMessage: 'Invalid args to create wallet' })
    const primary = await client.embeddedWallets.create()
    expect(primary).toMatchObject({ chainType: 'ethereum', walletIndex: 0 })
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'ready', creating: null })
    await expect(client.embeddedWallets.create()).rejects.toMatchObject({
      code: 'embedded_wallet_already_exists',
      shortMessage: 'User already has an embedded wallet.',
    })

    const second = await client.embeddedWallets.create({ createAdditional: true })
    const third = await client.embeddedWallets.create({ createAdditional: true })
    expect([second.walletIndex, third.walletIndex]).toEqual([1, 2])
    expect(second.entropyId).toBe(primary.address)
    expect(await client.embeddedWallets.create({ walletIndex: 1 })).toEqual(second)
    expect(client.embeddedWallets.getState().wallets.map((wallet) => wallet.walletIndex)).toEqual([0, 1, 2])
    // The derived wallets are the share set's own keys.
    expect(testbed.frame.ethereumAccount(third.address).address).toBe(third.address)
  })

  it('joins identical creations in flight', async () => {
    testbed = await startEmbeddedTestbed()
    const client = testbed.newClient()
    await testbed.login(client)
    testbed.frame.hold()
    const first = client.embeddedWallets.create({ chainType: 'solana' })
    const second = client.embeddedWallets.create({ chainType: 'solana' })
    await embeddedStateWhere(client, (state) => state.status === 'creating')
    expect(client.embeddedWallets.getState().creating).toBe('solana')
    testbed.frame.release()
    expect(await first).toEqual(await second)
    expect(testbed.frame.calls.filter((call) => call.event === 'solana-wallet:create')).toHaveLength(1)
  })

  it('asks for a password when the app requires one', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { require_user_password_on_create: true } })
    const client = testbed.newClient()
    await testbed.login(client)
    await expect(client.embeddedWallets.create()).rejects.toMatchObject({ shortMessage: 'Password not provided yet is required by App configuration' })
    expect(await client.embeddedWallets.create({ recoveryPassword: 'correct horse battery' })).toMatchObject({ recoveryMethod: 'user-passcode' })
    // An imported key is a share set of its own: the same rule, before the key goes anywhere.
    await expect(client.embeddedWallets.importWallet({ privateKey: `0x${'11'.repeat(32)}` })).rejects.toMatchObject({
      shortMessage: 'Password not provided yet is required by App configuration',
    })
    expect(testbed.frame.calls.map((call) => call.event)).toEqual(['wallet:create'])
  })
})

describe('connecting on a device', () => {
  it('connects lazily on first use, and recovers automatically when the device share is missing', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' } } })
    const first = testbed.newClient()
    await testbed.login(first)
    const { wallets } = await embeddedStateWhere(first, (state) => state.status === 'ready')
    first.destroy()

    // A new device: the stored session, no device share.
    testbed.frame.clearDevice()
    testbed.frame.calls.length = 0
    const client = testbed.newClient()
    await client.ready
    await embeddedStateWhere(client, (state) => state.wallets.length === 1)
    expect(client.embeddedWallets.getState().status).toBe('idle')
    expect(testbed.frame.calls).toEqual([])

    const { signature } = await client.embeddedWallets.signMessage({ message: 'hello' })
    expect(await verifyMessage({ address: wallets[0]!.address as `0x${string}`, message: 'hello', signature: signature as `0x${string}` })).toBe(true)
    expect(testbed.frame.calls.map((call) => call.event)).toEqual(['connect', 'recover', 'rpc'])
    // Connected once: the next signature goes straight to the frame.
    await client.embeddedWallets.signMessage({ message: 'again' })
    expect(testbed.frame.calls.map((call) => call.event)).toEqual(['connect', 'recover', 'rpc', 'rpc'])
    expect(client.embeddedWallets.getState().status).toBe('ready')
  })

  it('a recovery the server refuses for an old sign-in asks the user to sign in again, and recovers after the new login (docs/security.md #61)', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' } } })
    const first = testbed.newClient()
    await testbed.login(first)
    await embeddedStateWhere(first, (state) => state.status === 'ready')
    first.destroy()
    testbed.frame.clearDevice()
    testbed.frame.calls.length = 0

    const client = testbed.newClient()
    await client.ready
    await embeddedStateWhere(client, (state) => state.wallets.length === 1)
    const prompts: string[] = []
    const stopListening = client.on('walletPrompt', ({ screen }) => prompts.push(screen))
    testbed.frame.failNext('recover', 'Sign in again to recover your wallet', 'reauthentication_required')
    await expect(client.embeddedWallets.signMessage({ message: 'stale' })).rejects.toMatchObject({
      code: 'reauthentication_required',
      shortMessage: 'Sign in again to recover your wallet',
    })
    expect(prompts).toEqual(['recovery:sign-in-again'])
    // A listener that reads prompts is a UI: it would be asked to confirm the next signature.
    stopListening()
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'error', error: { code: 'reauthentication_required' } })

    // Signing in again (a new session) recovers the wallet without another call from the app.
    await client.logout()
    await testbed.login(client)
    await embeddedStateWhere(client, (state) => state.status === 'ready')
    expect(testbed.frame.calls.map((call) => call.event)).toEqual(['connect', 'recover', 'mfa:clear', 'connect', 'recover'])
    expect((await client.embeddedWallets.signMessage({ message: 'fresh' })).signature).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('waits for the password of a password wallet: needs-password, a wrong one, then the right one', async () => {
    testbed = await startEmbeddedTestbed()
    const first = testbed.newClient()
    await testbed.login(first)
    await first.embeddedWallets.create({ recoveryPassword: 'correct horse battery' })
    first.destroy()
    testbed.frame.clearDevice()

    const client = testbed.newClient()
    await client.ready
    await embeddedStateWhere(client, (state) => state.wallets.length === 1)
    await client.embeddedWallets.connect()
    expect(client.embeddedWallets.getState().status).toBe('needs-password')
    const signing = client.embeddedWallets.signMessage({ message: 'after recovery' })

    await expect(client.embeddedWallets.recover({ password: 'wrong' })).rejects.toMatchObject({ code: 'invalid_recovery_pin' })
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'needs-password', error: { code: 'invalid_recovery_pin' } })
    await client.embeddedWallets.recover({ password: 'correct horse battery' })
    expect((await signing).signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'ready', error: null })
  })

  it("fails with 'User-owned recovery timed out' when no password comes", async () => {
    testbed = await startEmbeddedTestbed()
    const first = testbed.newClient()
    await testbed.login(first)
    await first.embeddedWallets.create({ recoveryPassword: 'correct horse battery' })
    first.destroy()
    testbed.frame.clearDevice()
    const client = testbed.newClient()
    await client.ready
    await embeddedStateWhere(client, (state) => state.wallets.length === 1)
    await expect(client.embeddedWallets.signMessage({ message: 'never' })).rejects.toMatchObject({ shortMessage: 'User-owned recovery timed out' })
  })

  it('forgets the wallets on logout', async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' } } })
    const client = testbed.newClient()
    await testbed.login(client)
    await embeddedStateWhere(client, (state) => state.status === 'ready')
    await client.logout()
    expect(client.embeddedWallets.getState()).toEqual({ status: 'idle', wallets: [], creating: null, error: null })
    await expect(client.embeddedWallets.getEthereumProvider()).rejects.toMatchObject({ code: 'embedded_wallet_not_found' })
  })
})

describe('frame calls', () => {
  it("need the session's access token: 'Missing access token' without one", async () => {
    const frame = createFakeFrame({ baseUser: () => userDto() })
    const user = userFromDto(userDto())
    const wallets = createEmbeddedWallets({
      appId: TEST_APP_ID,
      apiUrl: () => 'http://127.0.0.1:1',
      state: createStore<EmbeddedWalletsState>({ status: 'idle', wallets: [], creating: null, error: null }),
      getUser: () => user,
      watchUser: () => () => {},
      watchLogins: () => () => {},
      getAccessToken: async () => null,
      replaceUser: async () => user,
      logout: async () => {},
      getConfig: () => defaultConfig(TEST_APP_ID),
      storage: createMemoryStorage(),
      getAnalyticsId: async () => null,
      sendAnalyticsEvent: () => {},
      page: null,
      createFrameClient: () => frame,
    })
    await expect(wallets.create()).rejects.toMatchObject({ code: 'must_be_authenticated', shortMessage: 'Missing access token' })
    expect(frame.calls).toEqual([])
    wallets.destroy()
  })
})
