/**
 * The reference client `@privy-io/js-sdk-core` 0.55.0 (in Node, `baseUrl` at our server) signs in with
 * the methods of issue #3 against the dev stack: SMS codes from the outbox, a guest, OAuth through the
 * local provider (its URL, our callback, the `privy_oauth_*` return, its own PKCE verifier), and a
 * custom JWT from the demo identity provider (docs/wire.md "Testing against the reference client"), and passkeys and SIWE of issue #4 (a software
 * authenticator standing in for the browser, with the SDK's own snake_case bodies).
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type Privy from '@privy-io/js-sdk-core'
import { DEV_APP_ID, USER_DID_PREFIX, fromPasskeyWire, oauthReturnParams } from '../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../harness/api-server.js'
import { startDevStack, type DevStack } from '../harness/dev-stack.js'
import { authorize } from '../harness/oidc-provider.js'
import { readOutbox, waitForCode } from '../harness/outbox.js'
import { SoftwareAuthenticator } from '../../server/src/auth/passkey/test-support/software-authenticator.js'

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

let stack: DevStack<TestServer>
let sdk: typeof import('@privy-io/js-sdk-core')

beforeAll(async () => {
  stack = await startDevStack({ startApi: ({ port, configFile }) => startTestServer({ port, configFile }) })
  sdk = await import('@privy-io/js-sdk-core')
})
afterAll(async () => {
  await stack?.close()
})

async function newClient(): Promise<Privy> {
  // `baseUrl` is read by the SDK but missing from its option type (docs/wire.md "Base URL and cookie sessions").
  const privy = new sdk.default({ appId: DEV_APP_ID, storage: new sdk.InMemoryCache(), baseUrl: stack.api.url } as ConstructorParameters<typeof sdk.default>[0])
  await privy.initialize()
  return privy
}

/** The SDK as a page on `origin` runs it: browsers send Origin, which SIWE binds the message's domain to (docs/security.md #23). */
async function newClientOnPage(origin: string): Promise<Privy> {
  const nodeFetch = globalThis.fetch
  // The SDK binds globalThis.fetch when it is constructed.
  globalThis.fetch = (input, init) => nodeFetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), origin } })
  try {
    return await newClient()
  } finally {
    globalThis.fetch = nodeFetch
  }
}

describe('@privy-io/js-sdk-core 0.55 against our server', () => {
  it('SMS: sends a code to the number and signs in with it; the phone account is on the user', async () => {
    const privy = await newClient()
    const phone = `+1650253${String(Date.now() % 10_000).padStart(4, '0')}`
    const previousCount = (await readOutbox(stack.api.url)).filter((message) => message.to === phone).length
    await privy.auth.phone.sendCode(phone)
    const code = await waitForCode(stack.api.url, phone, { previousCount })
    const result = await privy.auth.phone.loginWithCode(phone, code)
    expect(result.user.id.startsWith(USER_DID_PREFIX)).toBe(true)
    expect(result.user.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', phoneNumber: phone })])
    expect(await privy.getAccessToken()).toBeTruthy()
  })

  it('guest: creates a guest user and keeps it for the same stored credential', async () => {
    const privy = await newClient()
    const first = await privy.auth.guest.create()
    expect(first.user.is_guest).toBe(true)
    expect(first.is_new_user).toBe(true)
    await privy.auth.logout()
    const again = await privy.auth.guest.create()
    // Logout wiped the credential, so this is a new guest.
    expect(again.user.id).not.toBe(first.user.id)
  })

  it('OAuth: the SDK redeems our one-time code with its own verifier after a real provider round trip', async () => {
    const privy = await newClient()
    const subject = `sdk-${run}`
    stack.provider.signInAs({ sub: subject, email: `${subject}@example.com`, email_verified: true, name: 'SDK User' })
    const redirectTo = stack.demoUrls[0]!
    const { url } = await privy.auth.oauth.generateURL('google', redirectTo)
    // The provider sends the browser to our callback, which sends it on to the app with our code.
    const callback = await authorize(url)
    const back = await fetch(callback, { redirect: 'manual' })
    const returned = new URL(back.headers.get('location') ?? '')
    expect(returned.origin + returned.pathname).toBe(redirectTo)
    const code = returned.searchParams.get(oauthReturnParams.code)
    const state = returned.searchParams.get(oauthReturnParams.state)
    expect(returned.searchParams.get(oauthReturnParams.provider)).toBe('google')
    const result = await privy.auth.oauth.loginWithCode(code!, state!, 'google')
    expect(result.user.linked_accounts).toEqual([expect.objectContaining({ type: 'google_oauth', subject, email: `${subject}@example.com` })])
    expect(result.oauth_tokens).toEqual(expect.objectContaining({ provider: 'google' }))
  })

  it("custom JWT: syncWithToken signs the app's own user in, the same user each time", async () => {
    const tokenFor = async (user: string) => ((await (await fetch(`${stack.demo.url}/demo-idp/token?user=${user}`)).json()) as { token: string }).token
    const user = `sdk-${run}`
    const first = await (await newClient()).auth.customProvider.syncWithToken(await tokenFor(user))
    const second = await (await newClient()).auth.customProvider.syncWithToken(await tokenFor(user))
    expect(first.user.linked_accounts).toEqual([expect.objectContaining({ type: 'custom_auth', custom_user_id: user })])
    expect(second.user.id).toBe(first.user.id)
  })

  it('passkey: signs up with a new passkey from our snake_case options, then signs in with it as the same user', async () => {
    // The authenticator stands in for the browser, on a demo origin the dev app allows.
    const authenticator = new SoftwareAuthenticator('http://localhost:5173')
    const privy = await newClient()
    const signupInit = await privy.auth.passkey.generateSignupOptions()
    const registration = authenticator.register(fromPasskeyWire(signupInit.options))
    const signedUp = await privy.auth.passkey.signupWithPasskey(registration as never, signupInit.relying_party)
    expect(signedUp.is_new_user).toBe(true)
    expect(signedUp.user.linked_accounts).toEqual([expect.objectContaining({ type: 'passkey', credential_id: registration.id })])
    await privy.auth.logout()

    const loginInit = await privy.auth.passkey.generateAuthenticationOptions()
    const assertion = authenticator.authenticate(registration.id, fromPasskeyWire(loginInit.options))
    const signedIn = await privy.auth.passkey.loginWithPasskey(assertion as never, loginInit.options.challenge, loginInit.relying_party)
    expect(signedIn.user.id).toBe(signedUp.user.id)
    expect(signedIn.is_new_user).toBe(false)
  })

  it('SIWE: the SDK builds its own EIP-4361 message on our nonce; its signature signs in, the wallet on the user', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const privy = await newClientOnPage('http://localhost:5173')
    const wallet = { address: account.address, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' } as const
    const { message } = await privy.auth.siwe.init(wallet, 'localhost:5173', 'http://localhost:5173')
    const result = await privy.auth.siwe.loginWithSiwe(await account.signMessage({ message }))
    expect(result.is_new_user).toBe(true)
    expect(result.user.linked_accounts).toEqual([expect.objectContaining({ type: 'wallet', address: account.address, chain_type: 'ethereum' })])
  })
})
