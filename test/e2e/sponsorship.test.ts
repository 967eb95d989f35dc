/**
 * Gas sponsorship end to end in Chromium (issue 17 scope 2, wallet spec, "Validation rules": "sponsoring"; the funding spec's 'Sponsored by {app}'
 * row): the dev app with server-managed wallets and a narrow sponsorship policy (test/harness/dev-sponsorship.ts). A new
 * user with no ether sends a sponsored USDC transfer through the confirmation screen, which reads 'Sponsored by
 * {app}'; the user's ether stays 0 and the paymaster's EntryPoint deposit pays. A sponsored call to a contract the
 * policy does not allow is refused with policy_violation and the server's message. A server-managed Solana wallet's
 * sponsored transfer costs the wallet only the lamports it sends; the app's fee payer pays the fee. The demo page of
 * npm start's server-wallets app (`/server-wallets/`) sends ether with its fee sponsored from its own button.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, http, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID } from '../../src/protocol/index.js'
import { approveConfirmation, modalPart, signInOnDemo, walletTimeout } from '../harness/demo-flows.js'
import { sponsoredServerWalletsDevApp } from '../harness/dev-sponsorship.js'
import { DEV_SERVER_WALLETS_APP_ID } from '../harness/dev-stack.js'
import { devSolanaFeePayer } from '../harness/local-chains.js'
import { ETH_AMOUNT_WEI, SOL_AMOUNT_LAMPORTS, SOL_RECIPIENT } from '../../demo/shared/local-chains.js'
import { policyMessages } from '../../server/src/sponsorship/policy-errors.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

const RECIPIENT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack({ aa: true, devApp: sponsoredServerWalletsDevApp() })
}, 180_000)
afterAll(async () => {
  await stack?.close()
})

const clientCall = <T>(page: Page, body: string, appId = DEV_APP_ID): Promise<T> =>
  page.evaluate(`(async () => { const client = globalThis[Symbol.for('tessera.client')].get(${JSON.stringify(appId)}); ${body} })()`) as Promise<T>

const anvil = () => createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
const depositOf = (paymaster: Address) =>
  anvil().readContract({
    address: stack.aa!.addresses.entryPoint08,
    abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }],
    functionName: 'balanceOf',
    args: [paymaster],
  })

const transferCall = (token: Address) =>
  JSON.stringify({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 0n] }) })

describe('gas sponsorship on the demo', () => {
  it('a user with no ether sends a sponsored transfer through the confirmation; the paymaster pays, a contract not allowed is refused', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-sponsorship-${runId()}@example.com`)
      await page.locator('#embedded-wallets li[data-chain="ethereum"] .address').waitFor({ timeout: walletTimeout })
      const wallet = await clientCall<{ address: Address; recoveryMethod: string }>(
        page,
        "return client.embeddedWallets.getState().wallets.find((w) => w.chainType === 'ethereum')",
      )
      expect(wallet.recoveryMethod).toBe('privy-v2')
      expect(await anvil().getBalance({ address: wallet.address })).toBe(0n)
      const paymaster = stack.aa!.addresses.verifyingPaymaster08
      const depositBefore = await depositOf(paymaster)

      const usdc = stack.chain.usdc.evm[stack.chain.anvil.chainId] as Address
      const sending = clientCall<{ hash: Hex }>(page, `return client.embeddedWallets.sendTransaction({ transaction: ${transferCall(usdc)}, sponsor: true })`)
      await expect.poll(() => modalPart(page, 'row-estimated-fee').textContent(), { timeout: walletTimeout }).toMatch(/^Sponsored by .+/)
      await approveConfirmation(page)
      const { hash } = await sending
      expect((await anvil().getTransactionReceipt({ hash })).status).toBe('success')
      expect(await anvil().getBalance({ address: wallet.address })).toBe(0n)
      expect(await depositOf(paymaster)).toBeLessThan(depositBefore)

      // Headless (no confirmation to leave open on the error): the refusal reaches the app as a typed error.
      const refused = await clientCall<{ code: string; message: string }>(
        page,
        `return client.embeddedWallets.sendTransaction({ transaction: ${transferCall(stack.chain.contracts.erc20)}, sponsor: true, uiOptions: { showWalletUIs: false } }).then(() => ({ code: 'sent' }), (error) => ({ code: error.code, message: error.shortMessage }))`,
      )
      expect(refused.code).toBe('policy_violation')
      expect(refused.message.toLowerCase()).toBe(policyMessages.contract(stack.chain.contracts.erc20).toLowerCase())
    })
  }, 180_000)

  it("a server-managed Solana wallet sends through the confirmation while the app's fee payer pays the fee", async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-sponsorship-sol-${runId()}@example.com`)
      await page.locator('#embedded-wallets li[data-chain="solana"] .address').waitFor({ timeout: walletTimeout })
      const wallet = await clientCall<{ address: string; recoveryMethod: string }>(
        page,
        "return client.embeddedWallets.getState().wallets.find((w) => w.chainType === 'solana')",
      )
      expect(wallet.recoveryMethod).toBe('privy-v2')
      // Enough to send, none to spare for a fee it would not pay anyway.
      stack.chain.solana.airdrop(wallet.address, SOL_AMOUNT_LAMPORTS)
      const feePayer = devSolanaFeePayer().publicKey.toBase58()
      const [walletBefore, feePayerBefore, recipientBefore] = await Promise.all([lamports(wallet.address), lamports(feePayer), lamports(SOL_RECIPIENT)])

      const sending = clientCall<string>(
        page,
        `const { sendSol } = await import('/shared/local-chains.js'); return sendSol(client, ${JSON.stringify(wallet.address)}, { sponsor: true })`,
      )
      await expect.poll(() => modalPart(page, 'row-estimated-fee').textContent(), { timeout: walletTimeout }).toMatch(/^Sponsored by .+/)
      await approveConfirmation(page)
      const signature = await sending
      expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(await lamports(SOL_RECIPIENT)).toBe(recipientBefore + SOL_AMOUNT_LAMPORTS)
      expect(await lamports(wallet.address)).toBe(walletBefore - SOL_AMOUNT_LAMPORTS)
      // Two signatures, the fee payer's and the wallet's, at the cluster's 5,000 lamports each.
      expect(await lamports(feePayer)).toBe(feePayerBefore - 10_000n)
    })
  }, 180_000)
})

describe('the server-wallets demo page', () => {
  it('signs in on its own app with server-managed wallets and sends ether whose fee the app pays', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('server-wallets'), stack.api.url, `e2e-sponsorship-demo-${runId()}@example.com`)
      await page.locator('#embedded-wallets li[data-chain="ethereum"] .address').waitFor({ timeout: walletTimeout })
      const wallet = await clientCall<{ address: Address; recoveryMethod: string }>(
        page,
        "return client.embeddedWallets.getState().wallets.find((w) => w.chainType === 'ethereum')",
        DEV_SERVER_WALLETS_APP_ID,
      )
      expect(wallet.recoveryMethod).toBe('privy-v2')
      await page.locator('#fund-wallets').click()
      await page.locator('#action-result', { hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })
      const [walletBefore, recipientBefore] = await Promise.all([anvil().getBalance({ address: wallet.address }), anvil().getBalance({ address: RECIPIENT })])

      await page.locator('#send-eth-sponsored').click()
      await expect.poll(() => modalPart(page, 'row-estimated-fee').textContent(), { timeout: walletTimeout }).toBe('Sponsored by Tessera Server Wallets Demo')
      await approveConfirmation(page)
      const hash = (await page.locator('#send-result', { hasText: /^0x[0-9a-f]{64}$/ }).textContent({ timeout: walletTimeout })) as Hex
      expect((await anvil().getTransactionReceipt({ hash })).status).toBe('success')
      expect(await anvil().getBalance({ address: RECIPIENT })).toBe(recipientBefore + ETH_AMOUNT_WEI)
      expect(await anvil().getBalance({ address: wallet.address })).toBe(walletBefore - ETH_AMOUNT_WEI)

      // The dev app's page offers no sponsored send: its wallets are on the device.
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').waitFor({ timeout: walletTimeout })
      expect(await page.locator('#send-eth-sponsored').isHidden()).toBe(true)
    })
  }, 180_000)
})

async function lamports(address: string): Promise<bigint> {
  const response = await fetch(stack.chain.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}
