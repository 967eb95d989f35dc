/**
 * Funding from another wallet and by receiving (funding spec, "Screens and routes" and "States and transitions"), end to end in Chromium in the vanilla demo's
 * `<fund-wallet>` panel: an injected EIP-6963 wallet pays on the same chain (after a rejection and 'Try again'), and
 * from the second local chain through the bridge's stand-in, which really pays the embedded wallet on anvil; the
 * Solana panel receives (the balance rises while the screen shows, then 'Continue') and takes a transfer from a
 * wallet-standard Solana wallet. Balances are read on the chains. The tests share one stack and run side by side.
 */
import type { Address as SolanaAddress } from '@solana/kit'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Address } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoEthereumAddress, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { fundingLanding, fundingPart } from '../harness/funding-flows.js'
import { installEthereumWallet, installSolanaWallet } from '../harness/injected-wallets.js'
import { fundAddress } from '../harness/local-chains.js'

/** What the dev app recommends adding (`default_recommended_amount`). */
const RECOMMENDED = parseEther('0.01')
const LAMPORTS_PER_SOL = 1_000_000_000n

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack()
}, 180_000)
afterAll(async () => {
  await stack?.close()
})

const evmBalance = (rpcUrl: string, address: string) => createPublicClient({ transport: http(rpcUrl) }).getBalance({ address: address as Address })
const panel = (page: Page, part: string) => fundingPart(page, 'fund-wallet', part)
const lamports = (address: string) => stack.chain.solana.svm.getBalance(address as SolanaAddress) ?? 0n

/** An injected test wallet on both anvils (starting on the first), holding `amount` on `chainId`. */
async function installFundedEthereumWallet(page: Page, chainId: number, amount: bigint) {
  const { anvil, anvil2 } = stack.chain
  const wallet = await installEthereumWallet(page, {
    privateKey: generatePrivateKey(),
    rpcUrls: { [anvil.chainId]: anvil.rpcUrl, [anvil2.chainId]: anvil2.rpcUrl },
    chainId: anvil.chainId,
    knownChainIds: [anvil.chainId, anvil2.chainId],
  })
  await fundAddress(stack.chain, wallet.address, amount, { chainId })
  return wallet
}

/** From the panel's landing to the amount screen of the wallet named `name` (connecting it on the way). */
async function chooseWallet(page: Page, name: string): Promise<void> {
  await fundingLanding(page, 'fund-wallet')
  await panel(page, 'funding-wallet-button').click()
  await panel(page, 'funding-wallet-row').filter({ hasText: name }).click({ timeout: uiTimeout })
  await panel(page, 'funding-amount-input').waitFor({ timeout: walletTimeout })
  await panel(page, 'funding-continue').click()
}

/** The session ended funded: the panel's `fundsuccess` reached the demo, by `method`. */
const fundedBy = (page: Page, address: string, method: string) =>
  page
    .locator('#fund-result')
    .filter({ hasText: `Funded: ${address} by ${method}` })
    .waitFor({ timeout: walletTimeout })

describe.concurrent('funding from another wallet and by receiving', () => {
  it('an injected wallet pays on the same chain: a rejection shows the error, Try again sends, the balance rises', async () => {
    await inNewPage(stack.browser, async (page) => {
      const payer = await installFundedEthereumWallet(page, stack.chain.anvil.chainId, parseEther('1'))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-fund-wallet-${runId()}@example.com`)
      const embedded = await demoEthereumAddress(page)
      await chooseWallet(page, 'Test Wallet')

      const confirm = panel(page, 'funding-confirm').filter({ hasText: 'Confirm with Test Wallet' })
      await confirm.and(page.locator(':enabled')).waitFor({ timeout: walletTimeout })
      await expect(panel(page, 'funding-total').textContent()).resolves.toContain('0.01 ETH')
      payer.rejectNext()
      await confirm.click()
      await panel(page, 'funding-error-message')
        .filter({ hasText: /rejected/ })
        .waitFor({ timeout: walletTimeout })
      expect(await evmBalance(stack.chain.anvil.rpcUrl, embedded)).toBe(0n)

      await panel(page, 'funding-retry').click()
      await confirm.click({ timeout: walletTimeout })
      await panel(page, 'funding-success')
        .filter({ hasText: /^You've successfully added 0\.01 ETH to your .* wallet\. It may take a minute/ })
        .waitFor({ timeout: walletTimeout })
      await fundedBy(page, embedded, 'wallet')
      expect(await evmBalance(stack.chain.anvil.rpcUrl, embedded)).toBe(RECOMMENDED)
    })
  }, 240_000)

  it("a wallet with funds only on the second chain bridges them: 'Transfer from another network', bridging, the balance rises", async () => {
    await inNewPage(stack.browser, async (page) => {
      const { anvil, anvil2 } = stack.chain
      await installFundedEthereumWallet(page, anvil2.chainId, parseEther('1'))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-fund-bridge-${runId()}@example.com`)
      const embedded = await demoEthereumAddress(page)
      await chooseWallet(page, 'Test Wallet')

      await panel(page, 'funding-bridge-source').waitFor({ timeout: walletTimeout })
      await panel(page, 'funding-source-chain').selectOption(String(anvil2.chainId))
      const confirm = panel(page, 'funding-confirm').filter({ hasText: 'Confirm with Test Wallet' })
      await confirm.and(page.locator(':enabled')).waitFor({ timeout: walletTimeout })
      await expect(panel(page, 'funding-network').textContent()).resolves.toContain('Anvil 2')
      await confirm.click()
      await panel(page, 'funding-success').waitFor({ timeout: walletTimeout })
      await fundedBy(page, embedded, 'wallet')
      expect(await evmBalance(anvil.rpcUrl, embedded)).toBe(RECOMMENDED)
    })
  }, 240_000)

  it('the Solana panel receives (Continue once the balance rises) and takes a transfer from a wallet-standard wallet', async () => {
    await inNewPage(stack.browser, async (page) => {
      const payer = await installSolanaWallet(page, { name: 'Test Solana Wallet', rpcUrl: stack.chain.solana.rpcUrl })
      await fundAddress(stack.chain, payer.address, 2n * LAMPORTS_PER_SOL)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-fund-solana-${runId()}@example.com`)
      const solanaAddress = page.locator('#embedded-wallets li[data-chain="solana"] .address')
      await solanaAddress.waitFor({ timeout: walletTimeout })
      const embedded = (await solanaAddress.textContent())!
      await page.locator('#fund-panel-chain').selectOption('solana')

      // Receive: the address and network; the balance is polled, and 'Continue' comes once it rises.
      await fundingLanding(page, 'fund-wallet')
      await panel(page, 'funding-receive-button').click()
      await expect(panel(page, 'funding-address').textContent()).resolves.toBe(embedded)
      await panel(page, 'funding-qr-code').waitFor({ timeout: uiTimeout })
      expect(await panel(page, 'funding-continue').count()).toBe(0)
      await fundAddress(stack.chain, embedded, LAMPORTS_PER_SOL / 2n)
      await panel(page, 'funding-continue').click({ timeout: walletTimeout })
      await fundedBy(page, embedded, 'manual')

      // A transfer from the connected Solana wallet, signed and sent by it.
      const before = lamports(embedded)
      await chooseWallet(page, 'Test Solana Wallet')
      const confirm = panel(page, 'funding-confirm').filter({ hasText: 'Confirm with Test Solana Wallet' })
      await confirm.and(page.locator(':enabled')).waitFor({ timeout: walletTimeout })
      await confirm.click()
      await panel(page, 'funding-success').waitFor({ timeout: walletTimeout })
      await fundedBy(page, embedded, 'wallet')
      expect(lamports(embedded) - before).toBe(LAMPORTS_PER_SOL / 100n)
    })
  }, 240_000)
})
