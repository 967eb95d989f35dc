/**
 * Smart wallets end to end in Chromium (issue 17, scope 3), on the React demo with the stack's ERC-4337 chain (aa:
 * EntryPoint 0.7, Safe, the alto bundler): a user signs in, their embedded wallet's Safe is created and linked (its
 * SIWE signature approved in the modal's confirmation, ERC-6492 while undeployed), funded, and sends a batch of two
 * transfers as one user operation whose signature is approved in the modal: one UserOperationEvent, both effects.
 */
import { createPublicClient, http, parseEther, parseEventLogs, type Address, type Hash } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveConfirmation, completeEmailLogin, demoEthereumAddress, linkedAccountRow, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

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
      // The link: the Safe's SIWE message, signed by the owner in the modal's 'Sign message' confirmation.
      await approveConfirmation(page)
      const smartAddress = page.locator('#smart-wallet-address').filter({ hasText: /^0x[0-9a-fA-F]{40}$/ })
      await smartAddress.waitFor({ timeout: walletTimeout })
      const smart = (await smartAddress.textContent()) as Address
      await linkedAccountRow(page, 'smart_wallet', smart).waitFor({ timeout: walletTimeout })
      // One link, from one signature: the provider asks once.
      expect(links).toEqual(['POST'])

      await page.locator('#smart-wallet-fund').click()
      await page.locator('#smart-wallet-result').filter({ hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })
      const ownerBefore = await reader.getBalance({ address: owner })

      await page.locator('#smart-wallet-batch').click()
      await approveConfirmation(page)
      const result = page.locator('#smart-wallet-result').filter({ hasText: /^0x[0-9a-f]{64}$/ })
      await result.waitFor({ timeout: walletTimeout })
      const receipt = await reader.getTransactionReceipt({ hash: (await result.textContent()) as Hash })
      const operations = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })
      expect(operations.map((operation) => [operation.args.sender, operation.args.success])).toEqual([[smart, true]])
      // Both calls ran: the owner received its 0.001 ETH (the other went to the dev recipient).
      expect(await reader.getBalance({ address: owner })).toBe(ownerBefore + parseEther('0.001'))
    })
  }, 240_000)
})
