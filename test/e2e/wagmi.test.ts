/**
 * Issue 16 item 1, end to end in Chromium on the wagmi demo (demo/wagmi): an ordinary wagmi + RainbowKit app with
 * the tessera() connector. A new user connects (signing in by email code in <auth-modal>), the embedded wallet made
 * at sign-in is wagmi's account; wagmi's signMessage shows Tessera's sign confirmation and the signature verifies;
 * wagmi's sendTransaction shows Tessera's transaction confirmation and lands on anvil; a chain switch reaches wagmi's
 * useChainId; a reload reconnects without a new sign-in. The page asks nothing of any host but the local ones.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_MESSAGE } from '../../demo/wagmi/demo-message.js'
import { ETH_AMOUNT_WEI, ETH_RECIPIENT } from '../../demo/shared/local-chains.js'
import {
  approveButton,
  approveConfirmation,
  completeEmailLogin,
  confirmationDone,
  modalHidden,
  modalPart,
  uiTimeout,
  walletTimeout,
} from '../harness/demo-flows.js'
import { ANVIL2_CHAIN_ID } from '../harness/dev-stack.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { readOutbox } from '../harness/outbox.js'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack({ viteDemos: ['wagmi'] })
}, 240_000)
afterAll(async () => {
  await stack?.close()
})

const demoUrl = () => `http://localhost:${stack.demo.port}/wagmi/`

/** Every request the context makes to a host other than the local ones (RainbowKit must run offline). */
function outsideRequests(context: BrowserContext): string[] {
  const outside: string[] = []
  context.on('request', (request) => {
    const { protocol, hostname } = new URL(request.url())
    if (!['data:', 'blob:'].includes(protocol) && !['localhost', '127.0.0.1'].includes(hostname)) outside.push(request.url())
  })
  return outside
}

/** The embedded Ethereum wallet of the page's Tessera client (the one <auth-modal> and the connector share). */
const embeddedAddress = (page: Page) =>
  page.evaluate(async () => {
    const [client] = ((globalThis as Record<symbol, unknown>)[Symbol.for('tessera.client')] as Map<string, any>).values()
    return (await client.embeddedWallets.getEthereumProvider()).address as string
  })

/** Signs a new user in through the open modal; the dev app makes the wallets, then the modal closes by itself. */
async function signInThroughModal(page: Page, email: string): Promise<Hex> {
  await completeEmailLogin(page, stack.api.url, email)
  // wagmi connects once the wallet exists (which can take a while on a loaded machine); the modal closes by then.
  const account = page.locator('#account')
  await account.waitFor({ timeout: walletTimeout })
  await modalHidden(page)
  return (await account.getAttribute('data-address')) as Hex
}

/** Clicks a button whose wagmi action Tessera confirms; fails with the page's error. */
async function approvedResult(page: Page, button: string, result: string): Promise<string> {
  await page.locator(button).click()
  await approveButton(page).or(page.locator('#error')).first().waitFor({ timeout: walletTimeout })
  if (await page.locator('#error').isVisible()) throw new Error(`wagmi failed: ${await page.locator('#error').textContent()}`)
  await approveConfirmation(page)
  await page.locator(result).waitFor({ timeout: walletTimeout })
  return (await page.locator(result).textContent())!
}

describe('an unmodified wagmi app with the Tessera connector', () => {
  it('useConnect signs a new user in through the modal; wagmi signs, sends on anvil and switches chains through the embedded wallet; a reload reconnects', async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const outside = outsideRequests(context)
      const email = `e2e-wagmi-${runId()}@example.com`
      await page.goto(demoUrl())
      await page.locator('#connect').click({ timeout: uiTimeout })
      const address = await signInThroughModal(page, email)
      expect(address).toBe(await embeddedAddress(page))
      expect(await page.locator('#chain-id').getAttribute('data-chain-id')).toBe(String(stack.chain.anvil.chainId))

      // wagmi's useSignMessage: Tessera's 'Sign message' confirmation, a signature of the user's embedded wallet.
      const signature = (await approvedResult(page, '#sign', '#sign-result')) as Hex
      expect(await verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)

      // wagmi's useSendTransaction: Tessera's transaction confirmation, then the receipt on anvil.
      await page.locator('#fund').click()
      await page.locator('#fund-result', { hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })
      await page.locator('#send').click()
      await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: walletTimeout })
      await confirmationDone(page)
      await page.locator('#send-result').waitFor({ timeout: walletTimeout })
      const hash = (await page.locator('#send-result').textContent()) as Hex
      const receipt = await createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) }).getTransactionReceipt({ hash })
      expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase(), to: ETH_RECIPIENT.toLowerCase() })
      const transaction = await createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) }).getTransaction({ hash })
      expect(transaction.value).toBe(ETH_AMOUNT_WEI)

      // wagmi's useSwitchChain: the embedded wallet switches, and wagmi's useChainId follows.
      await page.locator(`.switch-chain[data-chain-id="${ANVIL2_CHAIN_ID}"]`).click()
      await page.locator(`#chain-id[data-chain-id="${ANVIL2_CHAIN_ID}"]`).waitFor({ timeout: uiTimeout })
      expect(
        await page.evaluate(async () => {
          const [client] = ((globalThis as Record<symbol, unknown>)[Symbol.for('tessera.client')] as Map<string, any>).values()
          return (await client.embeddedWallets.getEthereumProvider()).getChainId() as number
        }),
      ).toBe(ANVIL2_CHAIN_ID)

      // A reload: wagmi reconnects through the Tessera session, on the chain it was on, with no new sign-in.
      const codesSent = (await readOutbox(stack.api.url)).filter((message) => message.to === email).length
      await page.reload()
      await page.locator('#account', { hasText: address }).waitFor({ timeout: walletTimeout })
      await page.locator(`#chain-id[data-chain-id="${ANVIL2_CHAIN_ID}"]`).waitFor({ timeout: uiTimeout })
      expect(await modalPart(page, 'dialog').isVisible()).toBe(false)
      expect((await readOutbox(stack.api.url)).filter((message) => message.to === email).length).toBe(codesSent)
      expect(outside).toEqual([])
    })
  })

  it('RainbowKit’s ConnectButton lists Tessera; choosing it signs the user in through the modal, and wagmi disconnects on Tessera’s logout', async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const outside = outsideRequests(context)
      await page.goto(demoUrl())
      await page.getByRole('button', { name: 'Connect Wallet' }).click({ timeout: uiTimeout })
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Tessera/ })
        .click({ timeout: uiTimeout })
      const address = await signInThroughModal(page, `e2e-rainbowkit-${runId()}@example.com`)
      expect(address).toBe(await embeddedAddress(page))
      // RainbowKit's own account button shows the connected account.
      await page.getByRole('button', { name: new RegExp(`${address.slice(0, 4)}.*${address.slice(-4)}`) }).waitFor({ timeout: uiTimeout })

      await page.evaluate(async () => {
        const [client] = ((globalThis as Record<symbol, unknown>)[Symbol.for('tessera.client')] as Map<string, any>).values()
        await client.logout()
      })
      await page.locator('#connect').waitFor({ timeout: uiTimeout })
      expect(outside).toEqual([])
    })
  })
})
