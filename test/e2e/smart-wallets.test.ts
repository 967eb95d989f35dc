/**
 * Smart wallets end to end in Chromium (issue 17, scope 3), on the React demo with the stack's ERC-4337 chain (aa:
 * EntryPoint 0.7, Safe, the alto bundler, the dev app's ERC-7677 paymaster): a user signs in, their embedded wallet's
 * Safe is created and linked (ERC-6492 while undeployed), funded, and sends a batch of two transfers as one user
 * operation: the transaction confirmation steps through both calls (' (1 / 2)' 'Continue', ' (2 / 2)' 'Approve'),
 * sponsored by the app; one UserOperationEvent paid by the paymaster, both effects, no fee from the Safe.
 */
import { createPublicClient, http, parseEther, parseEventLogs, type Address, type Hash } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  approveButton,
  confirmationDone,
  completeEmailLogin,
  demoEthereumAddress,
  linkedAccountRow,
  modalPart,
  uiTimeout,
  walletTimeout,
} from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { UNKNOWN_ACCOUNT } from '../../demo/shared/dev-chain.js'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack({ react: true, aa: true })
}, 180_000)
afterAll(async () => {
  await stack?.close()
})

describe('a smart wallet on the React demo', () => {
  it('is created and linked for the embedded wallet, then sends a batch of two calls as one user operation', async () => {
    const reader = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
    await inNewPage(stack.browser, async (page) => {
      const links: string[] = []
      page.on('request', (request) => void (request.url().endsWith('/api/v1/siwe/link_smart_wallet') && links.push(request.method())))
      const email = `e2e-smart-${runId()}@example.com`
      // Not signInOnDemo: its wait for the modal to close would race the link's confirmation, which follows the wallets' creation in the same modal.
      await page.goto(stack.pageUrl('react'))
      await page.locator('#login').click({ timeout: uiTimeout })
      await completeEmailLogin(page, stack.api.url, email)
      await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
      const owner = (await demoEthereumAddress(page)) as Address
      // The link's SIWE message is signed without a prompt (the SDK's own proof, not the app's request).
      const smartAddress = page.locator('#smart-wallet-address').filter({ hasText: /^0x[0-9a-fA-F]{40}$/ })
      await smartAddress.waitFor({ timeout: walletTimeout })
      const smart = (await smartAddress.textContent()) as Address
      await linkedAccountRow(page, 'smart_wallet', smart).waitFor({ timeout: walletTimeout })
      // One link, from one signature: the provider asks once.
      expect(links).toEqual(['POST'])

      await page.locator('#smart-wallet-fund').click()
      await page.locator('#smart-wallet-result').filter({ hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })
      const ownerBefore = await reader.getBalance({ address: owner })

      const smartBefore = await reader.getBalance({ address: smart })
      await page.locator('#smart-wallet-batch').click()
      // The confirmation shows each call, for the Safe, sponsored by the app: 'Continue' on the first, 'Approve' on the last.
      await modalPart(page, 'title').filter({ hasText: 'Confirm transaction (1 / 2)' }).waitFor({ timeout: walletTimeout })
      await modalPart(page, 'row-estimated-fee').filter({ hasText: 'Sponsored by Tessera Dev' }).waitFor({ timeout: walletTimeout })
      expect(await modalPart(page, 'row-to').locator('[title]').getAttribute('title')).toBe(UNKNOWN_ACCOUNT)
      expect(await modalPart(page, 'row-send').textContent()).toContain('0.001 ETH')
      expect(await modalPart(page, 'balance-card').locator('[title]').getAttribute('title')).toBe(smart)
      await approveButton(page).filter({ hasText: 'Continue' }).click({ timeout: uiTimeout })
      await modalPart(page, 'title').filter({ hasText: 'Confirm transaction (2 / 2)' }).waitFor({ timeout: uiTimeout })
      expect(await modalPart(page, 'row-to').locator('[title]').getAttribute('title')).toBe(owner)
      await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: uiTimeout })
      await confirmationDone(page)
      const result = page.locator('#smart-wallet-result').filter({ hasText: /^0x[0-9a-f]{64}$/ })
      await result.waitFor({ timeout: walletTimeout })
      const receipt = await reader.getTransactionReceipt({ hash: (await result.textContent()) as Hash })
      const operations = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })
      expect(operations.map((operation) => [operation.args.sender, operation.args.paymaster, operation.args.success])).toEqual([
        [smart, stack.chain.aa!.addresses.verifyingPaymaster07, true],
      ])
      // Both calls ran: the owner received its 0.001 ETH (the other went to the dev recipient); the paymaster paid the fee.
      expect(await reader.getBalance({ address: owner })).toBe(ownerBefore + parseEther('0.001'))
      expect(await reader.getBalance({ address: smart })).toBe(smartBefore - parseEther('0.002'))
    })
  }, 240_000)
})
