/**
 * Issue 16 item 2, end to end in Chromium on the discovery demo (demo/discovery): a new user signs in with an email
 * code, then the page's dapp code, which knows nothing of Tessera, finds the embedded wallet (with mipd's EIP-6963
 * store on one page, with @wallet-standard/app's getWallets() on the other), signs (Tessera's confirmation shown and
 * approved; the signature verifies) and sends (the transaction lands on the local chain). An app with
 * `announce_wallets_enabled` off announces nothing.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import type { Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppFile } from '../../server/src/apps/app-file-schema.js'
import { DAPP_MESSAGE as MIPD_MESSAGE } from '../../demo/discovery/mipd-dapp.js'
import { DAPP_MESSAGE as STANDARD_MESSAGE } from '../../demo/discovery/wallet-standard-dapp.js'
import { decodeBase58, DEV_APP_ID } from '../../src/protocol/index.js'
import { approveButton, approveConfirmation, confirmationDone, modalPart, signInOnDemo, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

/** The dev app's settings with the announcement off, under another id. */
const QUIET_APP_ID = 'discovery-quiet-app-00001'

let stack: E2eStack
beforeAll(async () => {
  let devApp: AppFile | null = null
  stack = await startE2eStack({
    viteDemos: ['discovery'],
    // The stack reads the dev app file first, then the extra apps: the quiet app is the dev app with the setting off.
    devApp: (app) => (devApp = app),
    extraApps: () => [
      { ...devApp!, id: QUIET_APP_ID, name: 'Quiet Wallets', embedded_wallets: { ...devApp!.embedded_wallets, announce_wallets_enabled: false } },
    ],
  })
}, 240_000)
afterAll(async () => {
  await stack?.close()
})

const pageUrl = (name: 'mipd' | 'wallet-standard', appId = DEV_APP_ID) =>
  `http://localhost:${stack.demo.port}/discovery/${name}.html${appId === DEV_APP_ID ? '' : `?app_id=${appId}`}`
const result = (page: Page, pattern: RegExp) => page.locator('#dapp-result').filter({ hasText: pattern })

/** Clicks a dapp button whose request Tessera confirms in the modal, approves it and waits for the dapp's result. */
async function confirmedAction(page: Page, button: string, pattern: RegExp): Promise<string> {
  await page.locator(button).click()
  await approveConfirmation(page)
  const error = page.locator('#dapp-error').filter({ hasText: /./ })
  await result(page, pattern).or(error).waitFor({ timeout: walletTimeout })
  if (await error.isVisible()) throw new Error(`The dapp failed: ${await error.textContent()}`)
  return (await page.locator('#dapp-result').textContent())!
}

/** Clicks the dapp's send, waits for Tessera's confirmation to be ready (its amount row shown), approves and closes the receipt. */
async function approvedSend(page: Page, row: 'row-send' | 'row-amount', amount: string): Promise<void> {
  await page.locator('#send').click()
  await modalPart(page, 'title').filter({ hasText: 'Confirm transaction' }).waitFor({ timeout: walletTimeout })
  await modalPart(page, row).filter({ hasText: amount }).waitFor({ timeout: walletTimeout })
  await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: walletTimeout })
  await modalPart(page, 'title').filter({ hasText: 'Transaction complete!' }).waitFor({ timeout: walletTimeout })
  await confirmationDone(page)
}

/** What the page's own EIP-6963 and wallet-standard probes hear now: the announced names. */
const announcedNames = (page: Page) =>
  page.evaluate(() => {
    const names: string[] = []
    const hear = (event: Event) => names.push(`eip6963:${(event as CustomEvent<{ info: { name: string } }>).detail.info.name}`)
    window.addEventListener('eip6963:announceProvider', hear)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', hear)
    const register = (wallet: { name: string }) => (names.push(`standard:${wallet.name}`), () => undefined)
    window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: { register } }))
    return names
  })

describe('dapps find and use the embedded wallets', () => {
  it('mipd: finds the Ethereum wallet, signs a message and sends a transaction on anvil, each approved in Tessera’s confirmation', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, pageUrl('mipd'), stack.api.url, `e2e-mipd-${runId()}@example.com`)
      await page.locator('#wallets button', { hasText: 'Use Tessera Dev' }).click({ timeout: walletTimeout })
      await page.locator('#dapp-account', { hasText: /^Connected: 0x[0-9a-fA-F]{40}$/ }).waitFor({ timeout: walletTimeout })
      const address = (await page.locator('#dapp-account').getAttribute('data-account')) as Hex
      await page.locator('#fund').click()
      await result(page, /^Test funds added$/).waitFor({ timeout: walletTimeout })

      const signed = await confirmedAction(page, '#sign', /^Signature verified: 0x/)
      const signature = signed.replace('Signature verified: ', '') as Hex
      expect(await verifyMessage({ address, message: MIPD_MESSAGE, signature })).toBe(true)

      await approvedSend(page, 'row-send', '0.001 ETH')
      await result(page, /^Transaction success in block \d+: 0x/).waitFor({ timeout: walletTimeout })
      const hash = (await page.locator('#dapp-result').textContent())!.split(': ')[1] as Hex
      const receipt = await createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) }).getTransactionReceipt({ hash })
      expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase() })

      // Logging out takes the wallet away from the dapp.
      await page.locator('#logout').click()
      await page.locator('#dapp-account', { hasText: 'No wallet connected.' }).waitFor({ timeout: walletTimeout })
      expect(await announcedNames(page)).toEqual([])
    })
  })

  it('wallet-standard: finds the Solana wallet, signs a message, signs in with Solana (solana:signIn) and sends a transfer on the local endpoint, each approved', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, pageUrl('wallet-standard'), stack.api.url, `e2e-standard-${runId()}@example.com`)
      await page.locator('#wallets button', { hasText: 'Use Tessera Dev' }).click({ timeout: walletTimeout })
      await page.locator('#dapp-account', { hasText: /^Connected: [1-9A-HJ-NP-Za-km-z]{32,44}$/ }).waitFor({ timeout: walletTimeout })
      const address = (await page.locator('#dapp-account').getAttribute('data-account'))!
      await page.locator('#fund').click()
      await result(page, /^Test funds added$/).waitFor({ timeout: walletTimeout })

      const signed = await confirmedAction(page, '#sign', /^Signature verified: [1-9A-HJ-NP-Za-km-z]+$/)
      const signature = decodeBase58(signed.replace('Signature verified: ', ''))!
      expect(ed25519.verify(signature, new TextEncoder().encode(STANDARD_MESSAGE), decodeBase58(address)!)).toBe(true)
      // solana:signIn: the dapp's Sign In With Solana, approved in the same confirmation, verified by the dapp (verifySignIn).
      expect(await confirmedAction(page, '#sign-in', /^Signed in with Solana as /)).toBe(`Signed in with Solana as ${address}`)

      await approvedSend(page, 'row-amount', '0.001 SOL')
      await result(page, /^Transaction (confirmed|finalized): [1-9A-HJ-NP-Za-km-z]+$/).waitFor({ timeout: walletTimeout })
      const sent = (await page.locator('#dapp-result').textContent())!.split(': ')[1]!
      const response = await fetch(stack.chain.solana.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSignatureStatuses', params: [[sent]] }),
      })
      const { result: statuses } = (await response.json()) as { result: { value: ({ err: unknown; confirmationStatus: string } | null)[] } }
      expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: expect.stringMatching(/confirmed|finalized/) })

      await page.locator('#logout').click()
      await page.locator('#dapp-account', { hasText: 'No wallet connected.' }).waitFor({ timeout: walletTimeout })
      await expect.poll(() => page.locator('#wallets button').count()).toBe(0)
    })
  })

  it('an app with announce_wallets_enabled off announces nothing, though its user has both wallets', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, pageUrl('mipd', QUIET_APP_ID), stack.api.url, `e2e-quiet-${runId()}@example.com`)
      // The wallets exist and can sign: the point where an announcing app has announced.
      const addresses = await page.evaluate(async (appId) => {
        const client = ((globalThis as Record<symbol, unknown>)[Symbol.for('tessera.client')] as Map<string, any>).get(appId)
        return [(await client.embeddedWallets.getEthereumProvider()).address, (await client.embeddedWallets.getSolanaProvider()).address]
      }, QUIET_APP_ID)
      expect(addresses).toHaveLength(2)
      expect(await announcedNames(page)).toEqual([])
      expect(await page.locator('#wallets button').count()).toBe(0)
    })
  })
})
