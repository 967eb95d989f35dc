/**
 * Ethereum transactions through the confirmation screens (funding spec, "Screens and routes", "Entities and their fields", "States and transitions" and "The calls it makes"), end to end in Chromium on the vanilla
 * demo's Transactions panel and anvil with the test contracts (test/contracts): an ERC-20 approve and transfer (rows
 * with the symbol and decimals read from the chain, the receipt), an NFT transfer, a batch of two (' (1 / 2)',
 * 'Continue', ' (2 / 2)'), a transfer the balance cannot pay ('Add funds'), a call that reverts ('Transaction failed',
 * its hash, 'Retry transaction'), and the malicious approval the scan flags (Approve disabled until the risk is
 * acknowledged). Every outcome is checked on the chain, not only on screen.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, http, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveButton, confirmationDone, demoEthereumAddress, modalHidden, modalPart, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { TEST_TOKEN_AMOUNTS } from '../harness/dev-tokens.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

const ETH_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const UNKNOWN_ACCOUNT = '0x00000000000000000000000000000000deadbeef'
const TTT = 10n ** 18n
const erc20Abi = parseAbi(['function balanceOf(address) view returns (uint256)', 'function allowance(address, address) view returns (uint256)'])
const erc721Abi = parseAbi(['function ownerOf(uint256) view returns (address)'])

let stack: E2eStack
let anvil: ReturnType<typeof createPublicClient>
beforeAll(async () => {
  stack = await startE2eStack()
  anvil = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const tokenBalance = (owner: string) =>
  anvil.readContract({ address: stack.chain.contracts.erc20, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] })
const title = (page: Page) => modalPart(page, 'title')

/** Signs a new user in on the vanilla demo, adds test funds and test tokens; answers the wallet and the NFT's id. */
async function signedInWithTokens(page: Page): Promise<{ wallet: Address; nftTokenId: bigint }> {
  await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-tx-${runId()}@example.com`)
  const wallet = (await demoEthereumAddress(page)) as Address
  await page.locator('#fund-wallets').click()
  await page.locator('#action-result', { hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })
  await page.locator('#tx-get-tokens').click()
  const added = page.locator('#tx-result', { hasText: /^Test tokens added: 100 TTT, NFT #\d+/ })
  await added.waitFor({ timeout: walletTimeout })
  const nftTokenId = BigInt(/NFT #(\d+)/.exec((await added.textContent())!)![1]!)
  expect(await tokenBalance(wallet)).toBe(TEST_TOKEN_AMOUNTS.erc20)
  return { wallet, nftTokenId }
}

/** Clicks a Transactions button and waits for its confirmation screen to be ready (its approve button enabled). */
async function openConfirmation(page: Page, button: string): Promise<void> {
  await page.locator(button).click()
  await title(page).filter({ hasText: 'Confirm transaction' }).waitFor({ timeout: walletTimeout })
}

/** The hash the demo shows once the send resolved. */
async function resultHash(page: Page): Promise<Hex> {
  const result = page.locator('#tx-result').filter({ hasText: /^0x[0-9a-f]{64}/ })
  await result.waitFor({ timeout: walletTimeout })
  return (await result.textContent())!.split(' ')[0] as Hex
}

/** Approves the ready confirmation, checks the receipt screen ('Transaction complete!', 'All Done') and closes it. */
async function approveAndSeeReceipt(page: Page): Promise<void> {
  await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: walletTimeout })
  await title(page).filter({ hasText: 'Transaction complete!' }).waitFor({ timeout: walletTimeout })
  await expect(modalPart(page, 'done-button').textContent()).resolves.toBe('All Done')
  await confirmationDone(page)
}

describe('Ethereum transactions on the demo', () => {
  it('approves and transfers the ERC-20 and transfers the NFT, each confirmed in the modal; a batch of two goes one after the other', async () => {
    await inNewPage(stack.browser, async (page) => {
      const { wallet, nftTokenId } = await signedInWithTokens(page)
      const { erc20, erc721, erc1155 } = stack.chain.contracts

      // ERC-20 approve of a contract spender: the amount with the symbol and decimals read from the token.
      await openConfirmation(page, '#tx-approve')
      await modalPart(page, 'row-approval-amount').filter({ hasText: '10 TTT' }).waitFor({ timeout: walletTimeout })
      await expect(modalPart(page, 'row-spender').textContent()).resolves.toMatch(/0x/)
      await approveAndSeeReceipt(page)
      const approveHash = await resultHash(page)
      expect((await anvil.getTransactionReceipt({ hash: approveHash })).status).toBe('success')
      expect(await anvil.readContract({ address: erc20, abi: erc20Abi, functionName: 'allowance', args: [wallet, erc1155] })).toBe(10n * TTT)

      // ERC-20 transfer: 5 TTT leave the wallet.
      const recipientBefore = await tokenBalance(ETH_RECIPIENT)
      await openConfirmation(page, '#tx-transfer')
      await modalPart(page, 'row-amount').filter({ hasText: '5 TTT' }).waitFor({ timeout: walletTimeout })
      await approveAndSeeReceipt(page)
      await resultHash(page)
      expect(await tokenBalance(wallet)).toBe(TEST_TOKEN_AMOUNTS.erc20 - 5n * TTT)
      expect(await tokenBalance(ETH_RECIPIENT)).toBe(recipientBefore + 5n * TTT)

      // ERC-721 safeTransferFrom: the owner changes.
      expect(await anvil.readContract({ address: erc721, abi: erc721Abi, functionName: 'ownerOf', args: [nftTokenId] })).toBe(wallet)
      await openConfirmation(page, '#tx-transfer-nft')
      await approveAndSeeReceipt(page)
      await resultHash(page)
      expect(await anvil.readContract({ address: erc721, abi: erc721Abi, functionName: 'ownerOf', args: [nftTokenId] })).toBe(ETH_RECIPIENT)

      // Two requests at once: ' (1 / 2)' with 'Continue', then ' (2 / 2)' with 'Approve'.
      await page.locator('#tx-batch').click()
      await title(page).filter({ hasText: 'Confirm transaction (1 / 2)' }).waitFor({ timeout: walletTimeout })
      await approveButton(page).filter({ hasText: 'Continue' }).click({ timeout: walletTimeout })
      // The first one's receipt may show in between ('All Done' moves on to the next).
      const second = title(page).filter({ hasText: 'Confirm transaction (2 / 2)' })
      const firstReceipt = modalPart(page, 'done-button')
      await second.or(firstReceipt).first().waitFor({ timeout: walletTimeout })
      if (!(await second.isVisible())) await firstReceipt.click()
      await second.waitFor({ timeout: walletTimeout })
      await approveAndSeeReceipt(page)
      const hashes = (await page
        .locator('#tx-result')
        .filter({ hasText: /^0x[0-9a-f]{64} 0x[0-9a-f]{64}$/ })
        .textContent({ timeout: walletTimeout }))!.split(' ') as Hex[]
      for (const hash of hashes) expect((await anvil.getTransactionReceipt({ hash })).status).toBe('success')
      expect(await tokenBalance(wallet)).toBe(TEST_TOKEN_AMOUNTS.erc20 - 7n * TTT)
    })
  }, 240_000)

  it("offers 'Add funds' for more ETH than the wallet has, fails a reverting call with its hash, and holds a malicious approval until the risk is acknowledged", async () => {
    await inNewPage(stack.browser, async (page) => {
      const { wallet } = await signedInWithTokens(page)
      const { erc20 } = stack.chain.contracts

      // More than the balance: 'Add funds' instead of Approve; closing rejects the request and nothing is sent.
      const nonce = await anvil.getTransactionCount({ address: wallet })
      await openConfirmation(page, '#tx-too-much')
      await modalPart(page, 'add-funds-button').filter({ hasText: 'Add funds' }).waitFor({ timeout: walletTimeout })
      expect(await approveButton(page).count()).toBe(0)
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      await page.locator('#action-error:not([hidden])').waitFor({ timeout: uiTimeout })
      expect(await anvil.getTransactionCount({ address: wallet })).toBe(nonce)

      // A call with a fixed gas that reverts: mined, then 'Transaction failed' with its hash and 'Retry transaction'.
      await openConfirmation(page, '#tx-revert')
      await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: walletTimeout })
      await title(page).filter({ hasText: 'Transaction failed' }).waitFor({ timeout: walletTimeout })
      await modalPart(page, 'retry-button').filter({ hasText: 'Retry transaction' }).waitFor({ timeout: uiTimeout })
      const shownHash = (await modalPart(page, 'transaction-hash').textContent())!
      expect(await anvil.getTransactionCount({ address: wallet })).toBe(nonce + 1)
      const reverted = await anvil.getBlock({ blockTag: 'latest', includeTransactions: true })
      const sent = reverted.transactions.find((transaction) => transaction.from.toLowerCase() === wallet.toLowerCase())!
      expect((await anvil.getTransactionReceipt({ hash: sent.hash })).status).toBe('reverted')
      // The hash shows shortened ('0x08f…aaf8').
      expect(shownHash).toContain(`${sent.hash.slice(0, 5)}…${sent.hash.slice(-4)}`)
      await modalPart(page, 'close-button').click()
      await modalHidden(page)

      // The crafted approval: unlimited, to an ordinary account nobody knows. The scan says malicious.
      await openConfirmation(page, '#tx-malicious')
      const banner = modalPart(page, 'malicious-banner')
      await banner.filter({ hasText: 'This is a malicious transaction' }).waitFor({ timeout: walletTimeout })
      await modalPart(page, 'row-approval-amount').filter({ hasText: 'Unlimited' }).waitFor({ timeout: uiTimeout })
      await expect(approveButton(page).isDisabled()).resolves.toBe(true)
      await expect(banner.textContent()).resolves.toContain('I understand and want to proceed anyways.')
      await modalPart(page, 'acknowledge-risk').check()
      await approveAndSeeReceipt(page)
      await resultHash(page)
      expect(await anvil.readContract({ address: erc20, abi: erc20Abi, functionName: 'allowance', args: [wallet, UNKNOWN_ACCOUNT] })).toBe(maxUint256)
    })
  }, 240_000)
})
