/**
 * Server-managed wallets end to end in Chromium (issue 17 scope 1, wallet spec, "What the product does and for whom" and "Roles and permissions"): the dev app in
 * 'user-controlled-server-wallets-only' mode; a new user signs in through <auth-modal> (email code) and gets an
 * Ethereum and a Solana wallet from the wallet API (privy-v2), signs a message and sends on anvil and on the local
 * Solana endpoint through the confirmation screens, with no share anywhere: none in the frame's storage, none sent
 * to or kept by the server. A captured signed rpc request replayed, stripped of its signature or altered is
 * refused (401 invalid_credentials), a request the app signs with the user signer itself is accepted once, and setting
 * recovery is refused (unsupported_recovery_method). The app's backend signs for a wallet with its session signer
 * only while the owner has added it (`addSessionSigners`, a PATCH signed by the user signer). The owner exports each
 * wallet's key: the signer seals it to the export frame's HPKE key, so it shows in that frame only.
 */
import { webcrypto } from 'node:crypto'
import type { Frame, Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationPayload, authorizationSignatureMessages, decodeBase58, DEV_APP_ID, encodeBase58 } from '../../src/protocol/index.js'
import { approveConfirmation, modalHidden, modalPart, signInOnDemo, walletTimeout } from '../harness/demo-flows.js'
import { waitForCode } from '../harness/outbox.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { recordContext, requestText, secretForms, type RecordedRequest, type Recording } from '../harness/recording.js'

const ETH_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_RECIPIENT = '2nhJnUNAsi8HYuJw6TsCEnWztiSFZHUuFbawreHs8zxN'
const MESSAGE = 'Hello from the Tessera demo'

const APP_SECRET = 'server-wallets-e2e-app-secret-0123456789abcdef'
const SESSION_SIGNER_ID = 'e2ebackend'

let stack: E2eStack
/** The app backend's session signer: its private key stays in this process, its public key is in the app's settings. */
let sessionSigner: webcrypto.CryptoKeyPair
beforeAll(async () => {
  sessionSigner = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey('spki', sessionSigner.publicKey)).toString('base64')
  stack = await startE2eStack({
    devApp: (app) => ({
      ...app,
      app_secret: APP_SECRET,
      embedded_wallets: {
        ...app.embedded_wallets,
        mode: 'user-controlled-server-wallets-only',
        ethereum_create_on_login: 'all-users',
        solana_create_on_login: 'all-users',
        delegated_actions_enabled: true,
        session_signers: [{ id: SESSION_SIGNER_ID, public_key: publicKey }],
      },
    }),
  })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const walletFrame = (page: Page): Frame => {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === `/apps/${DEV_APP_ID}/embedded-wallets`)
  if (!frame) throw new Error('The wallet frame is not mounted')
  return frame
}

/** What the frame keeps on its origin: its share store's records, and whether its user signer can be exported (the frame uses no localStorage). */
function frameStorage(page: Page) {
  return walletFrame(page).evaluate(async (appId) => {
    const records = (name: string, store: string) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open(name)
        open.onerror = () => resolve([])
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(store)) return resolve([])
          const all = open.result.transaction(store, 'readonly').objectStore(store).getAll()
          all.onsuccess = () => resolve(all.result)
          all.onerror = () => resolve([])
        }
      })
    const signers = (await records('tessera-wallet-frame-signers', 'user-signers')) as CryptoKeyPair[]
    const exportable = await Promise.all(
      signers.map((keys) =>
        crypto.subtle.exportKey('pkcs8', keys.privateKey).then(
          () => true,
          () => false,
        ),
      ),
    )
    return { deviceShares: await records('tessera-wallet-frame', 'device-shares'), signers: signers.length, exportable, appId }
  }, DEV_APP_ID)
}

type PageWallet = { address: string; chainType: string; recoveryMethod: string; id?: string }
const clientCall = <T>(page: Page, body: string): Promise<T> =>
  page.evaluate(`(async () => { const client = globalThis[Symbol.for('tessera.client')].get(${JSON.stringify(DEV_APP_ID)}); ${body} })()`) as Promise<T>

async function serverWallets(page: Page): Promise<PageWallet[]> {
  await page.locator('#embedded-wallets li[data-chain="solana"] .address').waitFor({ timeout: walletTimeout })
  return clientCall(
    page,
    'return client.embeddedWallets.getState().wallets.map(({ address, chainType, recoveryMethod, id }) => ({ address, chainType, recoveryMethod, id }))',
  )
}

/** Clicks a demo action, approves its confirmation and waits for its result (or fails with the page's error text). */
async function act(page: Page, button: string, result: string, pattern: RegExp): Promise<string> {
  await page.locator(button).click()
  await approveConfirmation(page)
  const outcome = page.locator(result).filter({ hasText: pattern })
  const failure = page.locator('#action-error:not([hidden])')
  await outcome.or(failure).first().waitFor({ timeout: walletTimeout })
  if (await failure.isVisible()) throw new Error(`${button} failed: ${await failure.textContent()}`)
  return (await page.locator(result).textContent())!
}

async function solanaBalance(address: string): Promise<bigint> {
  const response = await fetch(stack.chain.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

const pathOf = (request: RecordedRequest) => new URL(request.url).pathname
const rpcRequests = (recording: Recording) =>
  recording.requests.filter((request) => request.method === 'POST' && /^\/api\/v1\/wallets\/[^/]+\/rpc$/.test(pathOf(request)))

/** Sends a captured request again from outside the browser, as an attacker holding the captured request would. */
async function resend(url: string, headers: Record<string, string>, body: string) {
  const response = await fetch(url, { method: 'POST', headers, body })
  return { status: response.status, body: (await response.json().catch(() => null)) as { code?: string; error?: string } | null }
}

describe('server-managed wallets on the demo', () => {
  it('a new user signs and sends on both local chains through the confirmation screens, with no share anywhere', async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const recording = await recordContext(context)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-server-wallets-${runId()}@example.com`)
      const wallets = await serverWallets(page)
      expect(wallets.map(({ chainType, recoveryMethod, id }) => [chainType, recoveryMethod, typeof id])).toEqual([
        ['ethereum', 'privy-v2', 'string'],
        ['solana', 'privy-v2', 'string'],
      ])
      const [ethereum, solana] = wallets as [PageWallet, PageWallet]

      // Funds first: the send's confirmation then reads a balance that already holds them.
      await page.locator('#fund-wallets').click()
      await page.locator('#action-result', { hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })
      const signature = await act(page, '#sign-message', '#sign-result', /^0x[0-9a-f]{130}$/)
      expect(await verifyMessage({ address: ethereum.address as Hex, message: MESSAGE, signature: signature as Hex })).toBe(true)

      const anvil = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
      const recipientBefore = await anvil.getBalance({ address: ETH_RECIPIENT })
      const hash = await act(page, '#send-eth', '#send-result', /^0x[0-9a-f]{64}$/)
      const receipt = await anvil.waitForTransactionReceipt({ hash: hash as Hex, timeout: walletTimeout })
      expect({ status: receipt.status, from: receipt.from.toLowerCase() }).toEqual({ status: 'success', from: ethereum.address.toLowerCase() })
      expect(await anvil.getBalance({ address: ETH_RECIPIENT })).toBe(recipientBefore + 10n ** 15n)

      const solRecipientBefore = await solanaBalance(SOL_RECIPIENT)
      const solanaBefore = await solanaBalance(solana.address)
      await act(page, '#send-sol', '#send-result', /^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(await solanaBalance(SOL_RECIPIENT)).toBe(solRecipientBefore + 1_000_000n)
      expect(await solanaBalance(solana.address)).toBeLessThan(solanaBefore - 1_000_000n + 1n)

      // Each signature went to the wallet API with an authorization signature; no share route was ever called.
      expect(rpcRequests(recording).map((request) => JSON.parse(request.body).method)).toEqual(['personal_sign', 'eth_signTransaction', 'signMessage'])
      expect(recording.requests.filter((request) => pathOf(request).startsWith('/api/v1/embedded_wallets'))).toEqual([])
      const stored = await frameStorage(page)
      // Where the browser grants the frame its storage, the user signer kept there cannot be exported (where it refuses, as
      // a third-party frame here, the key lives in the frame's memory only); either way no device share exists.
      expect(stored.deviceShares).toEqual([])
      expect(stored.exportable).not.toContain(true)

      // The server holds no share set for either wallet: its share routes know none.
      const accessToken = await clientCall<string>(page, 'return client.getAccessToken()')
      for (const wallet of wallets) {
        const response = await fetch(`${stack.api.url}/api/v1/embedded_wallets/${wallet.address}/auth_share`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'privy-app-id': DEV_APP_ID },
          body: JSON.stringify({ chain_type: wallet.chainType }),
        })
        expect(response.status).toBe(404)
      }
    })
  }, 180_000)

  it('refuses a missing, forged or replayed authorization signature, and setting recovery', async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const recording = await recordContext(context)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-server-wallets-auth-${runId()}@example.com`)
      await serverWallets(page)
      await act(page, '#sign-message', '#sign-result', /^0x[0-9a-f]{130}$/)
      const [captured] = rpcRequests(recording)
      expect(await captured!.response).toContain('"signature"')
      const headers = JSON.parse(captured!.headers) as Record<string, string>
      const sent = {
        'content-type': 'application/json',
        authorization: headers.authorization!,
        'privy-app-id': DEV_APP_ID,
        'privy-request-expiry': headers['privy-request-expiry']!,
      }
      const signature = headers['privy-authorization-signature']!

      const replayed = await resend(captured!.url, { ...sent, 'privy-authorization-signature': signature }, captured!.body)
      expect(replayed).toEqual({ status: 401, body: { code: 'invalid_credentials', error: authorizationSignatureMessages.used } })
      const missing = await resend(captured!.url, sent, captured!.body)
      expect(missing).toEqual({ status: 401, body: { code: 'invalid_credentials', error: authorizationSignatureMessages.missing } })
      const altered = captured!.body.replace(/"message":"[^"]*"/, '"message":"not what was signed"')
      const forged = await resend(captured!.url, { ...sent, 'privy-authorization-signature': signature }, altered)
      expect(forged).toEqual({ status: 401, body: { code: 'invalid_credentials', error: authorizationSignatureMessages.invalid } })

      // A request the app builds and sends itself, signed by the user signer (useAuthorizationSignature): accepted once.
      const [ethereum] = await serverWallets(page)
      const ownBody = JSON.stringify({ chain_type: 'ethereum', method: 'personal_sign', params: { message: 'Sent by the app itself', encoding: 'utf-8' } })
      const expiry = String(Date.now() + 60_000)
      const request = {
        version: 1,
        method: 'POST',
        url: captured!.url,
        body: JSON.parse(ownBody),
        headers: { 'privy-app-id': DEV_APP_ID, 'privy-request-expiry': expiry },
      }
      const own = await clientCall<{ signature: string }>(page, `return client.embeddedWallets.generateAuthorizationSignature(${JSON.stringify(request)})`)
      const ownHeaders = { ...sent, 'privy-request-expiry': expiry, 'privy-authorization-signature': own.signature }
      const accepted = (await resend(captured!.url, ownHeaders, ownBody)) as { status: number; body: { data?: { signature?: Hex } } }
      expect(accepted.status).toBe(200)
      expect(await verifyMessage({ address: ethereum!.address as Hex, message: 'Sent by the app itself', signature: accepted.body.data!.signature! })).toBe(
        true,
      )
      expect((await resend(captured!.url, ownHeaders, ownBody)).body).toEqual({ code: 'invalid_credentials', error: authorizationSignatureMessages.used })

      const refusal = await clientCall<{ code: string }>(
        page,
        "return client.embeddedWallets.setRecovery({ method: 'user-passcode', password: 'Correct-Horse-9' }).then(() => ({ code: 'none' }), (error) => ({ code: error.code }))",
      )
      expect(refusal).toEqual({ code: 'unsupported_recovery_method' })
    })
  }, 120_000)

  it("signs with the app's session signer only while the owner has added it with addSessionSigners", async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-server-wallets-signers-${runId()}@example.com`)
      const [ethereum] = await serverWallets(page)
      const asApp = () =>
        signAsApp(ethereum!.id!, { chain_type: 'ethereum', method: 'personal_sign', params: { message: 'Signed by the backend', encoding: 'utf-8' } })
      expect((await asApp()).body).toMatchObject({ code: 'user_has_not_delegated_wallet' })

      const signers = JSON.stringify([{ signerId: SESSION_SIGNER_ID }])
      const added = await clientCall<{ delegated: boolean }>(
        page,
        `const { user } = await client.embeddedWallets.addSessionSigners({ address: ${JSON.stringify(ethereum!.address)}, signers: ${signers} }); return { delegated: user.linkedAccounts.find((account) => account.address === ${JSON.stringify(ethereum!.address)}).delegated }`,
      )
      expect(added).toEqual({ delegated: true })
      const signed = (await asApp()) as { status: number; body: { data?: { signature?: Hex } } }
      expect(signed.status).toBe(200)
      expect(await verifyMessage({ address: ethereum!.address as Hex, message: 'Signed by the backend', signature: signed.body.data!.signature! })).toBe(true)

      await clientCall(page, `await client.embeddedWallets.removeSessionSigners({ address: ${JSON.stringify(ethereum!.address)} })`)
      expect((await asApp()).body).toMatchObject({ code: 'user_has_not_delegated_wallet' })
    })
  }, 120_000)
})

describe('server-managed wallet export', () => {
  it("shows each wallet's key, an additional wallet's too, inside the export frame only, sealed to the frame by the signer", async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const recording = await recordContext(context)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-server-wallets-export-${runId()}@example.com`)
      const [ethereum, solana] = (await serverWallets(page)) as [PageWallet, PageWallet]
      // A second Ethereum wallet (createAdditional): another key of the signer, which signs for its own address.
      const added = await clientCall<PageWallet & { walletIndex: number }>(
        page,
        "const { address, chainType, recoveryMethod, id, walletIndex } = await client.embeddedWallets.create({ chainType: 'ethereum', createAdditional: true }); return { address, chainType, recoveryMethod, id, walletIndex }",
      )
      expect(added).toMatchObject({ chainType: 'ethereum', recoveryMethod: 'privy-v2', walletIndex: 1 })
      expect(added.address).not.toBe(ethereum.address)
      const { signature } = await clientCall<{ signature: Hex }>(
        page,
        `return client.embeddedWallets.signMessage({ message: 'second wallet', address: ${JSON.stringify(added.address)}, uiOptions: { showWalletUIs: false } })`,
      )
      expect(await verifyMessage({ address: added.address as Hex, message: 'second wallet', signature })).toBe(true)

      const ethereumKey = await exportedKey(page, ethereum.address, /^0x[0-9a-f]{64}$/)
      expect(privateKeyToAddress(ethereumKey as Hex)).toBe(ethereum.address)
      const addedKey = await exportedKey(page, added.address, /^0x[0-9a-f]{64}$/)
      expect(privateKeyToAddress(addedKey as Hex)).toBe(added.address)
      const solanaKey = await exportedKey(page, solana.address, /^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
      expect(encodeBase58(ed25519.getPublicKey(decodeBase58(solanaKey)!.subarray(0, 32)))).toBe(solana.address)

      // Each export was one signed request answered with ciphertext: the keys crossed no wire, host page or share route.
      const exports = recording.requests.filter((request) => request.method === 'POST' && /^\/api\/v1\/wallets\/[^/]+\/export$/.test(pathOf(request)))
      expect(exports.map((request) => JSON.parse(request.headers)['privy-authorization-signature'] !== undefined)).toEqual([true, true, true])
      const wire = (await Promise.all(recording.requests.map(requestText))).join('\n')
      const dom = await page.evaluate(() => document.documentElement.outerHTML + (document.querySelector('auth-modal')?.shadowRoot?.innerHTML ?? ''))
      for (const secret of [
        ethereumKey,
        ethereumKey.slice(2),
        addedKey,
        addedKey.slice(2),
        solanaKey,
        ...secretForms(decodeBase58(solanaKey)!.subarray(0, 32)),
      ]) {
        expect(wire).not.toContain(secret)
        expect(dom).not.toContain(secret)
      }
      expect(recording.requests.filter((request) => pathOf(request).startsWith('/api/v1/embedded_wallets'))).toEqual([])
      const listed = await clientCall<{ exported_at: number | null }[]>(
        page,
        `const token = await client.getAccessToken(); return Promise.all(${JSON.stringify([ethereum.id, added.id, solana.id])}.map((id) => fetch(client.apiUrl + '/api/v1/wallets/' + id, { headers: { authorization: 'Bearer ' + token, 'privy-app-id': client.appId } }).then((response) => response.json())))`,
      )
      expect(listed.map((wallet) => typeof wallet.exported_at)).toEqual(['number', 'number', 'number'])
    })
  }, 120_000)
})

describe('the reference client @privy-io/js-sdk-core 0.55 against the wallet API', () => {
  it('signs through its own rpc and rawSign (no expiry header) with a user signer of its session; a replay is refused', async () => {
    const sdk = await import('@privy-io/js-sdk-core')
    // `baseUrl` is read by the SDK but missing from its option type (docs/wire.md "Base URL and cookie sessions").
    const privy = new sdk.default({ appId: DEV_APP_ID, storage: new sdk.InMemoryCache(), baseUrl: stack.api.url } as ConstructorParameters<
      typeof sdk.default
    >[0])
    await privy.initialize()
    const email = `e2e-server-wallets-sdk-${runId()}@example.com`
    await privy.auth.email.sendCode(email)
    await privy.auth.email.loginWithCode(email, await waitForCode(stack.api.url, email))
    const token = (await privy.getAccessToken())!
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
    const publicKey = Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey)).toString('base64')
    const registered = await fetch(`${stack.api.url}/api/v1/wallets/user_signers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'privy-app-id': DEV_APP_ID, 'content-type': 'application/json' },
      body: JSON.stringify({ public_key: publicKey }),
    })
    expect(registered.status).toBe(200)
    // The SDK hands the canonical request in base64 to the signer, as the wallet frame's user-signer:sign receives it.
    const sent: string[] = []
    const sign = async ({ message }: { message: string }) => {
      const signature = Buffer.from(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, Buffer.from(message, 'base64'))).toString(
        'base64',
      )
      sent.push(signature)
      return { signature }
    }

    const wallet = await sdk.create(privy, { request: { chain_type: 'ethereum' } } as Parameters<typeof sdk.create>[1])
    for (const message of ['from the reference client', 'from the reference client']) {
      const answer = await sdk.rpc(privy, sign, {
        wallet_id: wallet.id,
        chain_type: 'ethereum',
        method: 'personal_sign',
        params: { message, encoding: 'utf-8' },
      } as Parameters<typeof sdk.rpc>[2])
      expect(await verifyMessage({ address: wallet.address as Hex, message, signature: (answer.data as { signature: Hex }).signature })).toBe(true)
    }
    const hash = `0x${'ab'.repeat(32)}` as const
    const raw = await sdk.rawSign(privy, sign, { wallet_id: wallet.id, params: { hash } } as Parameters<typeof sdk.rawSign>[2])
    expect(raw.data.signature).toMatch(/^0x[0-9a-f]{130}$/)

    // The SDK's first request, sent again as captured: refused, as is the same signature without the session's token.
    const body = JSON.stringify({ chain_type: 'ethereum', method: 'personal_sign', params: { message: 'from the reference client', encoding: 'utf-8' } })
    const headers = { 'privy-app-id': DEV_APP_ID, 'content-type': 'application/json', 'privy-authorization-signature': sent[0]! }
    const replayed = await resend(`${stack.api.url}/api/v1/wallets/${wallet.id}/rpc`, { ...headers, authorization: `Bearer ${token}` }, body)
    expect([replayed.status, replayed.body?.error]).toEqual([401, authorizationSignatureMessages.used])
    const tokenless = await resend(`${stack.api.url}/api/v1/wallets/${wallet.id}/rpc`, headers, body)
    expect([tokenless.status, tokenless.body?.error]).toEqual([401, authorizationSignatureMessages.sessionRequired])
  }, 60_000)
})

/** Opens 'Export wallet' for `address`, reveals the key in the export frame and answers it; closes the modal. */
async function exportedKey(page: Page, address: string, pattern: RegExp): Promise<string> {
  await page.evaluate(
    (wallet) =>
      (document.querySelector('auth-modal') as unknown as { start(options: object): void }).start({ intent: 'wallet', screen: 'key:export', address: wallet }),
    address,
  )
  await modalPart(page, 'title').filter({ hasText: 'Export wallet' }).waitFor({ timeout: walletTimeout })
  const frame = page.frameLocator('auth-modal iframe[part~="export-frame"]')
  await frame.locator('#export-private-key').click({ timeout: walletTimeout })
  const output = frame.locator('#export-secret')
  const status = frame.locator('#export-status')
  await expect.poll(async () => (await output.textContent()) || `status: ${await status.textContent()}`, { timeout: walletTimeout }).toMatch(pattern)
  const key = (await output.textContent())!
  await modalPart(page, 'close-button').click()
  await modalHidden(page)
  return key
}

/** The app's backend: an rpc request with the app secret, signed by its session signer over the request's canonical form. */
async function signAsApp(walletId: string, body: object) {
  const url = `${stack.api.url}/api/v1/wallets/${walletId}/rpc`
  const expiresAt = Date.now() + 60_000
  const payload = authorizationPayload({ method: 'POST', url, body, appId: DEV_APP_ID, expiresAt })
  const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, sessionSigner.privateKey, new TextEncoder().encode(payload))
  return resend(
    url,
    {
      'content-type': 'application/json',
      'privy-app-id': DEV_APP_ID,
      authorization: `Basic ${Buffer.from(`${DEV_APP_ID}:${APP_SECRET}`).toString('base64')}`,
      'privy-request-expiry': String(expiresAt),
      'privy-authorization-signature': Buffer.from(signature).toString('base64'),
    },
    JSON.stringify(body),
  )
}
