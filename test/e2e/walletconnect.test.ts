/**
 * WalletConnect end to end, offline: the vanilla demo (one browser context) and the WalletConnect test wallet page
 * (demo/wc-wallet, WalletKit, another context) pair through the relay stand-in the dev stack runs
 * (test/harness/walletconnect-relay.ts). The user picks WalletConnect in the modal, the wallet pairs with the link
 * the QR screen copies, approves and signs the SIWE message; signing and sending from the page reach the wallet and
 * the transaction lands on anvil; a rejection in the wallet shows the rejection copy; disconnecting on either side
 * reaches the other.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modalHidden, modalPart, uiTimeout } from '../harness/demo-flows.js'
import { startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
let dappContext: BrowserContext
let walletContext: BrowserContext
let dapp: Page
let wallet: Page
let walletAddress: string
const pageErrors: string[] = []

/** The wallet page's account: one of anvil's funded dev accounts no other scenario here uses. */
const WALLET_ACCOUNT_INDEX = 5

beforeAll(async () => {
  stack = await startE2eStack({ walletConnect: true, viteDemos: ['wc-wallet'] })
  dappContext = await stack.browser.newContext()
  const dappOrigin = `http://localhost:${stack.demo.port}`
  // 'Copy link' writes the pairing link to the clipboard; the test reads it back as a person would paste it.
  await dappContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dappOrigin })
  dapp = await dappContext.newPage()
  walletContext = await stack.browser.newContext()
  wallet = await walletContext.newPage()
  for (const page of [dapp, wallet]) page.on('pageerror', (error) => void pageErrors.push(error.message))
  await wallet.goto(`${dappOrigin}/wc-wallet/?account=${WALLET_ACCOUNT_INDEX}`)
  await wallet.locator('body[data-ready="true"]').waitFor({ timeout: uiTimeout })
  walletAddress = (await wallet.locator('#address').textContent())!
  await dapp.goto(stack.pageUrl('vanilla'))
})
afterAll(async () => {
  await dappContext?.close()
  await walletContext?.close()
  await stack?.close()
})

const title = (text: string) => dapp.locator('auth-modal').getByRole('heading', { name: text, exact: true })
const walletRow = (name: string) => modalPart(dapp, 'wallet-option').filter({ has: dapp.locator('[part~="wallet-name"]', { hasText: name }) })
const linkedWallet = () =>
  dapp.locator('#linked-accounts li[data-type="wallet"]', { has: dapp.locator('.identifier', { hasText: new RegExp(walletAddress, 'i') }) })
const ask = (selector: string) => wallet.locator(`#asks li${selector}`)
/** The wallet's answers so far (each `<method>: <result>`). */
const answers = () => wallet.locator('#answers li').allTextContents()

async function openWalletPicker() {
  await dapp.locator('#login').click({ timeout: uiTimeout })
  await modalPart(dapp, 'wallet-button').filter({ hasText: 'Continue with a wallet' }).click({ timeout: uiTimeout })
  await title('Select your wallet').waitFor({ timeout: uiTimeout })
}

/** Picks WalletConnect, copies the QR screen's link and pairs the wallet page with it, which approves the proposal. */
async function pairFromTheModal() {
  await openWalletPicker()
  await walletRow('WalletConnect').click({ timeout: uiTimeout })
  await modalPart(dapp, 'wallet-qr-code').waitFor({ timeout: uiTimeout })
  await modalPart(dapp, 'copy-link').filter({ hasText: 'Copy link' }).click()
  await modalPart(dapp, 'wallet-copied').filter({ hasText: 'Copied' }).waitFor({ timeout: uiTimeout })
  const uri = await dapp.evaluate(() => navigator.clipboard.readText())
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.locator('#uri').fill(uri)
  await wallet.locator('#pair').click()
  await ask('[data-kind="proposal"]').locator('.approve').click({ timeout: uiTimeout })
  await expect.poll(() => wallet.locator('#sessions li').count(), { timeout: uiTimeout }).toBe(1)
}

/** The page's core client (the one the modal uses), in an expression evaluated in the page. */
const inPage = (body: string) => `import('/tessera.js').then(async (tessera) => {
  const client = tessera.getOrCreateClient(window.TESSERA_DEMO)
  const connected = client.wallets.getConnected().find((candidate) => candidate.walletClientType === 'wallet_connect')
  ${body}
})`

/** Runs a request through the connected WalletConnect wallet's provider (the core client's), from the page. */
const requestFromPage = (method: string, params: unknown[]): Promise<unknown> =>
  dapp.evaluate(
    inPage(`if (!connected) throw new Error('No WalletConnect wallet is connected')
  const provider = await connected.getEthereumProvider()
  // The provider's errors are plain objects ({ code, message }): an Error carries them out of the page.
  return provider.request(${JSON.stringify({ method, params })}).catch((error) => { throw new Error(JSON.stringify({ code: error.code, message: error.message })) })`),
  )

const connectedOnPage = () => dapp.evaluate(inPage('return client.wallets.getConnected().map((wallet) => wallet.walletClientType)')) as Promise<string[]>

describe('WalletConnect between the vanilla demo and the WalletConnect wallet page', () => {
  it('pairs from the QR screen, and the user signs in with SIWE through the wallet', async () => {
    await pairFromTheModal()
    const siwe = ask('[data-method="personal_sign"]')
    await siwe.waitFor({ timeout: uiTimeout })
    expect(await siwe.locator('.ask').textContent()).toContain('wants you to sign in with your Ethereum account')
    await siwe.locator('.approve').click()
    await linkedWallet().waitFor({ timeout: uiTimeout })
    await modalHidden(dapp)
  })

  it('personal_sign and eth_sendTransaction from the page are approved in the wallet; the transaction lands on anvil', async () => {
    const signing = requestFromPage('personal_sign', ['0x48656c6c6f2066726f6d20546573736572610a', walletAddress])
    await ask('[data-method="personal_sign"]').locator('.approve').click({ timeout: uiTimeout })
    const signature = (await signing) as Hex
    expect(await verifyMessage({ address: walletAddress as Hex, message: 'Hello from Tessera\n', signature })).toBe(true)

    // The modal connected on mainnet (the chain it asks for by default): the page asks the wallet to move to anvil.
    const switching = requestFromPage('wallet_switchEthereumChain', [{ chainId: `0x${stack.chain.anvil.chainId.toString(16)}` }])
    await ask('[data-method="wallet_switchEthereumChain"]').locator('.approve').click({ timeout: uiTimeout })
    expect(await switching).toBeNull()
    expect(await requestFromPage('eth_chainId', [])).toBe(`0x${stack.chain.anvil.chainId.toString(16)}`)
    const sending = requestFromPage('eth_sendTransaction', [
      { from: walletAddress, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x38d7ea4c68000' },
    ])
    await ask('[data-method="eth_sendTransaction"]').locator('.approve').click({ timeout: uiTimeout })
    const hash = (await sending) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const anvil = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
    const receipt = await anvil.waitForTransactionReceipt({ hash, timeout: uiTimeout })
    expect(receipt).toMatchObject({ status: 'success', from: walletAddress.toLowerCase(), to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })
    expect(await answers()).toContain(`eth_sendTransaction: ${hash}`)
  })

  it("a SIWE signature rejected in the wallet shows 'You rejected the request'", async () => {
    await dapp.locator('#logout').click({ timeout: uiTimeout })
    // The session is still connected: signing in again asks the wallet for the signature only.
    await openWalletPicker()
    await walletRow('WalletConnect').click({ timeout: uiTimeout })
    await ask('[data-method="personal_sign"]').locator('.reject').click({ timeout: uiTimeout })
    await title('Could not connect with wallet').waitFor({ timeout: uiTimeout })
    expect(await modalPart(dapp, 'wallet-error').textContent()).toBe('You rejected the request')
    await modalPart(dapp, 'close-button').click()
  })

  it('a disconnect in the wallet reaches the page, and one from the page reaches the wallet', async () => {
    expect(await connectedOnPage()).toContain('wallet_connect')
    await wallet.locator('#disconnect').click()
    await expect.poll(connectedOnPage, { timeout: uiTimeout }).not.toContain('wallet_connect')
    expect(await wallet.locator('#sessions li').count()).toBe(0)

    // A new pairing, then the page ends it.
    await dapp.reload()
    await pairFromTheModal()
    await ask('[data-method="personal_sign"]').locator('.approve').click({ timeout: uiTimeout })
    await linkedWallet().waitFor({ timeout: uiTimeout })
    await modalHidden(dapp)
    await dapp.evaluate(inPage('await client.wallets.disconnect(connected.address)'))
    await expect.poll(() => wallet.locator('#sessions li').count(), { timeout: uiTimeout }).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
