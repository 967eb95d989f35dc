/**
 * Solana transactions through the confirmation screen (funding spec, "Screens and routes": "Solana transaction confirmation"), end to end in
 * Chromium on the vanilla demo and the local Solana endpoint: a SOL transfer and an SPL TransferChecked of the dev
 * mint, each with its decoded instruction under 'Advanced', approved, with the receipt; the balances are read back
 * from the endpoint.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveButton, confirmationDone, modalPart, signInOnDemo, walletTimeout } from '../harness/demo-flows.js'
import { DEV_SOL_RECIPIENT, TEST_TOKEN_AMOUNTS } from '../harness/dev-tokens.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack()
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

async function solanaRpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(stack.chain.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}
const solBalance = async (address: string) => BigInt((await solanaRpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)
const tokenBalance = async (account: string) => BigInt((await solanaRpc<{ value: { amount: string } }>('getTokenAccountBalance', [account])).value.amount)

/** Clicks a button, waits for the ready confirmation, opens 'Advanced' and answers its instruction lines. */
async function confirmationInstructions(page: Page, button: string): Promise<string[]> {
  await page.locator(button).click()
  await modalPart(page, 'title').filter({ hasText: 'Confirm transaction' }).waitFor({ timeout: walletTimeout })
  const advanced = modalPart(page, 'advanced')
  await advanced.locator('summary', { hasText: 'Advanced' }).click({ timeout: walletTimeout })
  await modalPart(page, 'instruction').first().waitFor({ timeout: walletTimeout })
  return modalPart(page, 'instruction').allTextContents()
}

async function approveAndSeeReceipt(page: Page): Promise<void> {
  await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: walletTimeout })
  await modalPart(page, 'title').filter({ hasText: 'Transaction complete!' }).waitFor({ timeout: walletTimeout })
  await confirmationDone(page)
}

/** Addresses show shortened: '2nhJn…8zxN'. */
const shortened = (address: string) => `${address.slice(0, 5)}…${address.slice(-4)}`
const shown = (page: Page, id: string) =>
  page
    .locator(id)
    .filter({ hasText: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/ })
    .waitFor({ timeout: walletTimeout })

describe('Solana transactions on the demo', () => {
  it('sends SOL and SPL tokens, each confirmed with its instructions under Advanced', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-sol-tx-${runId()}@example.com`)
      const wallet = page.locator('#embedded-wallets li[data-chain="solana"] .address')
      await wallet.waitFor({ timeout: walletTimeout })
      const address = (await wallet.textContent())!
      await page.locator('#fund-wallets').click()
      await page.locator('#action-result', { hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })

      // 0.001 SOL: one System Program transfer.
      const recipientBefore = await solBalance(DEV_SOL_RECIPIENT)
      const instructions = await confirmationInstructions(page, '#send-sol')
      expect(instructions).toHaveLength(1)
      // The dev app prices SOL at $150.
      expect(instructions[0]).toBe(`Transfer 0.001 SOL ($0.15) to ${shortened(DEV_SOL_RECIPIENT)}`)
      await modalPart(page, 'row-amount').filter({ hasText: '0.001 SOL' }).waitFor({ timeout: walletTimeout })
      await approveAndSeeReceipt(page)
      await shown(page, '#send-result')
      expect(await solBalance(DEV_SOL_RECIPIENT)).toBe(recipientBefore + 1_000_000n)

      // 1 TSPL: TransferChecked from the wallet's token account (filled by 'Get test tokens') to the recipient's.
      await page.locator('#tx-get-tokens').click()
      await page.locator('#tx-result', { hasText: 'Test tokens added' }).waitFor({ timeout: walletTimeout })
      const { splToken } = stack.chain
      const {
        value: [account],
      } = await solanaRpc<{ value: { pubkey: string }[] }>('getTokenAccountsByOwner', [address, { mint: splToken.mint }, { encoding: 'base64' }])
      expect(await tokenBalance(account!.pubkey)).toBe(TEST_TOKEN_AMOUNTS.spl)
      const recipientTokensBefore = await tokenBalance(splToken.recipientTokenAccount)
      const splInstructions = await confirmationInstructions(page, '#tx-send-spl')
      expect(splInstructions).toHaveLength(1)
      // From the wallet's token account to the recipient's (TSPL has no price).
      expect(splInstructions[0]).toBe(`Transfer 1 TSPL to ${shortened(splToken.recipientTokenAccount)}`)
      await approveAndSeeReceipt(page)
      await shown(page, '#tx-result')
      const oneToken = 10n ** BigInt(splToken.decimals)
      expect(await tokenBalance(account!.pubkey)).toBe(TEST_TOKEN_AMOUNTS.spl - oneToken)
      expect(await tokenBalance(splToken.recipientTokenAccount)).toBe(recipientTokensBefore + oneToken)
    })
  }, 240_000)
})
