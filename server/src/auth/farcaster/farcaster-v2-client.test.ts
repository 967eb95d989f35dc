/** The client half of Farcaster v2 (core `farcaster.initV2` / `loginV2`, the mini app hooks' work) against these routes. */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createClient, createMemoryStorage, type TesseraClient } from '../../../../src/core/index.js'
import { startAnvil, type Anvil } from '../../test-support/anvil.js'
import { signSiwfMessage } from '../../test-support/farcaster-app.js'
import { deployIdRegistryStandIn, type IdRegistryStandIn } from '../../test-support/farcaster-id-registry.js'
import { startTestServer, type TestServer } from '../../test-support/test-server.js'

const ORIGIN = 'https://miniapp.example'
let server: TestServer
let anvil: Anvil
let registry: IdRegistryStandIn
let client: TesseraClient | null = null
let nextFid = 2000

beforeAll(async () => {
  anvil = await startAnvil()
  registry = await deployIdRegistryStandIn(anvil)
  server = await startTestServer({
    app: {
      allowedOrigins: [ORIGIN],
      loginMethods: ['email', 'farcaster'],
      farcaster: { rpcUrl: anvil.rpcUrl, idRegistryAddress: registry.address, chainId: anvil.chainId },
    },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await anvil?.stop()
})
afterEach(() => {
  client?.destroy()
  client = null
})

/** A fid whose custody key the registry stand-in knows: the mini app host's Farcaster wallet. */
async function farcasterAccount() {
  const fid = nextFid++
  const custody = privateKeyToAccount(generatePrivateKey())
  await registry.setCustody(fid, custody.address)
  return { fid, custody }
}

/** The core client, its requests carrying the page's Origin as a browser's would. */
async function newClient(): Promise<TesseraClient> {
  const withOrigin: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), origin: ORIGIN } })
  client = createClient({ appId: server.app.id, apiUrl: server.url, fetch: withOrigin, storage: createMemoryStorage(), locks: null })
  await client.ready
  return client
}

const siwf = (nonce: string, account: Awaited<ReturnType<typeof farcasterAccount>>) =>
  signSiwfMessage({
    domain: 'miniapp.example',
    siweUri: `${ORIGIN}/`,
    nonce,
    fid: account.fid,
    custody: account.custody,
    issuedAt: new Date(server.clock.now()),
  })

describe('Farcaster v2 through the core client', () => {
  it('initV2 gives a nonce and its expiry; loginV2 with the signed SIWF message signs the fid in; the message cannot sign in twice', async () => {
    const target = await newClient()
    const account = await farcasterAccount()
    const { nonce, expiresAt } = await target.auth.farcaster.initV2()
    expect(nonce).toMatch(/^\w{8,}$/)
    expect(Date.parse(expiresAt)).toBeGreaterThan(server.clock.now())
    const signed = await siwf(nonce, account)
    const user = await target.auth.farcaster.loginV2({ ...signed, fid: account.fid })
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'farcaster', fid: account.fid }))
    expect(target.getAuth()).toMatchObject({ status: 'authenticated', user: { id: user.id } })
    await target.logout()
    await expect(target.auth.farcaster.loginV2({ ...signed, fid: account.fid })).rejects.toMatchObject({ code: 'invalid_credentials' })
  })

  it('without a fid the message names it; a message naming none is refused before the network; signed in, a second login is refused', async () => {
    const target = await newClient()
    const account = await farcasterAccount()
    const { nonce } = await target.auth.farcaster.initV2()
    const user = await target.auth.farcaster.loginV2(await siwf(nonce, account))
    expect(user.linkedAccounts).toContainEqual(expect.objectContaining({ type: 'farcaster', fid: account.fid }))
    await expect(target.auth.farcaster.loginV2(await siwf(nonce, account))).rejects.toMatchObject({ code: 'already_logged_in' })
    await target.logout()
    await expect(target.auth.farcaster.loginV2({ message: 'app.example wants you to sign in', signature: '0x00' })).rejects.toMatchObject({
      code: 'invalid_credentials',
      shortMessage: 'Not a Sign-In with Farcaster message',
    })
  })
})
