/**
 * The reference's own React SDK, `@privy-io/react-auth` 2.25.0 unchanged, on the demo page `demo/reference/` with
 * `apiUrl` = our server (issue 16 item 7, docs/decisions.md "The reference React SDK"): email sign-in, Ethereum and Solana embedded wallets, signing
 * and sending on the local chains, reload and recovery, and no request to anyone but us and the local chains.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeBase58, DEV_APP_ID } from '../../src/protocol/index.js'
import { startE2eStack, runId, type E2eStack } from '../harness/e2e-stack.js'
import { waitForCode } from '../harness/outbox.js'

const MESSAGE = 'Hello from react-auth'
const ETH_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_RECIPIENT = '2nhJnUNAsi8HYuJw6TsCEnWztiSFZHUuFbawreHs8zxN'
/** The reference's one outside request (docs/decisions.md "The reference React SDK"), refused here as it is offline. */
const WALLETCONNECT_LIST = 'https://explorer-api.walletconnect.com/'
const stepTimeout = 60_000

let stack: E2eStack
let context: BrowserContext
let page: Page
const requested: string[] = []
const pageErrors: string[] = []
const email = `react-auth-${runId()}@example.com`
const wallets = { ethereum: '' as Hex, solana: '' }

beforeAll(async () => {
  stack = await startE2eStack({ viteDemos: ['reference'] })
  context = await stack.browser.newContext()
  context.on('request', (request) => void requested.push(request.url()))
  await context.route(`${WALLETCONNECT_LIST}**`, (route) => route.abort('internetdisconnected'))
  page = await context.newPage()
  page.on('pageerror', (error) => void pageErrors.push(error.message))
  await page.goto(`http://localhost:${stack.demo.port}/reference/`)
}, 240_000)

afterAll(async () => {
  await context?.close()
  await stack?.close()
})

/** Runs one of the page's steps and answers its result; a failed step fails with the page's own error. */
async function step(name: string): Promise<string> {
  const result = page.getByTestId(`result-${name}`)
  await result.evaluate((output) => void (output.textContent = ''))
  await page.getByTestId(`run-${name}`).click()
  await page
    .getByTestId(`result-${name}`)
    .filter({ hasText: /^(ok|error):/ })
    .waitFor({ timeout: stepTimeout })
  const text = (await result.textContent())!
  if (!text.startsWith('ok:')) throw new Error(`${name}: ${text}${pageErrors.map((line) => `\n  page: ${line}`).join('')}`)
  return text.slice(3)
}

const signedIn = () =>
  page
    .getByTestId('status')
    .filter({ hasText: /^signed in as did:privy:/ })
    .waitFor({ timeout: stepTimeout })
const shown = (chain: 'ethereum' | 'solana') => page.getByTestId(`${chain}-address`).textContent()

function walletFrame(): Frame {
  const frame = page
    .frames()
    .reverse()
    .find((candidate) => new URL(candidate.url()).pathname === `/apps/${DEV_APP_ID}/embedded-wallets`)
  if (!frame) throw new Error('The wallet frame is not mounted')
  return frame
}

/**
 * This device losing its device shares: the frame's own storage emptied from inside the frame; null when the
 * browser refuses the frame that storage (a cross-site frame here), so its shares live in its memory and a reload
 * loses them just the same.
 */
function clearDeviceShares(): Promise<number | null> {
  return walletFrame().evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        const open = indexedDB.open('tessera-wallet-frame')
        open.onerror = () => resolve(null)
        open.onsuccess = () => {
          const store = open.result.transaction('device-shares', 'readwrite').objectStore('device-shares')
          const count = store.count()
          count.onsuccess = () => {
            store.clear().onsuccess = () => resolve(count.result)
          }
        }
      }),
  )
}

/** The wallets whose recovery material the frame fetched so far (automatic recovery), by the address in the path. */
const recoveredWallets = () =>
  requested.flatMap((url) => /\/api\/v1\/embedded_wallets\/([^/]+)\/recovery\/key_material$/.exec(new URL(url).pathname)?.[1] ?? [])

async function verifySignatures(): Promise<void> {
  const ethereumSignature = (await step('sign-ethereum')) as Hex
  expect(await verifyMessage({ address: wallets.ethereum, message: MESSAGE, signature: ethereumSignature })).toBe(true)
  const solanaSignature = Uint8Array.from(Buffer.from(await step('sign-solana'), 'base64'))
  expect(ed25519.verify(solanaSignature, new TextEncoder().encode(MESSAGE), decodeBase58(wallets.solana)!)).toBe(true)
}

async function solanaBalance(address: string): Promise<bigint> {
  const response = await fetch(stack.chain.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

describe('@privy-io/react-auth 2.25.0 against Tessera', () => {
  it('signs in by email with a code from the outbox; its access token verifies against our JWKS', async () => {
    await page.getByTestId('status').filter({ hasText: 'signed out' }).waitFor({ timeout: stepTimeout })
    await page.getByTestId('email').fill(email)
    await step('send-code')
    await page.getByTestId('code').fill(await waitForCode(stack.api.url, email))
    await step('login')
    await signedIn()
    const token = await step('token')
    const jwks = createRemoteJWKSet(new URL(`/api/v1/apps/${DEV_APP_ID}/jwks.json`, stack.api.url))
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { audience: DEV_APP_ID })
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload.sub).toMatch(/^did:privy:/)
  }, 120_000)

  it('creates the Ethereum and the Solana embedded wallet through the wallet frame', async () => {
    wallets.ethereum = (await step('create-ethereum')) as Hex
    expect(wallets.ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/)
    wallets.solana = await step('create-solana')
    expect(decodeBase58(wallets.solana)).toHaveLength(32)
    await expect.poll(() => shown('ethereum'), { timeout: stepTimeout }).toBe(wallets.ethereum)
    await expect.poll(() => shown('solana'), { timeout: stepTimeout }).toBe(wallets.solana)
  }, 120_000)

  it('signs messages that verify, and sends on the local anvil chain and the local Solana endpoint', async () => {
    await verifySignatures()
    await step('fund')
    const hash = (await step('send-ethereum')) as Hex
    const anvil = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
    const receipt = await anvil.waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: wallets.ethereum.toLowerCase(), to: ETH_RECIPIENT.toLowerCase() })

    const before = await solanaBalance(SOL_RECIPIENT)
    await step('send-solana')
    await expect.poll(() => solanaBalance(SOL_RECIPIENT), { timeout: stepTimeout }).toBe(before + 1_000_000n)
  }, 180_000)

  it('after a reload: still signed in with the same wallets, which still sign', async () => {
    await page.reload()
    await signedIn()
    await expect.poll(() => shown('ethereum'), { timeout: stepTimeout }).toBe(wallets.ethereum)
    await expect.poll(() => shown('solana'), { timeout: stepTimeout }).toBe(wallets.solana)
    await verifySignatures()
  }, 120_000)

  it('recovers both wallets when this device lost its shares, and they sign again', async () => {
    expect([null, 2]).toContain(await clearDeviceShares())
    const before = recoveredWallets().length
    await page.reload()
    await signedIn()
    await expect.poll(() => shown('solana'), { timeout: stepTimeout }).toBe(wallets.solana)
    await verifySignatures()
    const recovered = recoveredWallets()
      .slice(before)
      .map((address) => (address.startsWith('0x') ? address.toLowerCase() : address))
    expect(new Set(recovered)).toEqual(new Set([wallets.ethereum.toLowerCase(), wallets.solana]))
  }, 120_000)

  it('contacted nobody but our API, the demo server and the local chains (the WalletConnect list failed harmlessly)', () => {
    const allowed = new Set([new URL(stack.api.url).origin, `http://localhost:${stack.demo.port}`])
    const outside = requested.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && !allowed.has(new URL(url).origin))
    expect(outside.every((url) => url.startsWith(WALLETCONNECT_LIST))).toBe(true)
    expect(pageErrors).toEqual([])
  })
})
