/**
 * Funding by card and from an exchange (funding spec, "Screens and routes", "States and transitions" and "The calls it makes"), end to end in Chromium on the demos against the real
 * server, whose real Coinbase Onramp and MoonPay adapters talk to their local stand-ins: the hosted checkout opens in a
 * popup and its Pay really sends ETH on anvil. A new user's first transaction ends at 'Add funds'; they pay by card,
 * watch the status reach "You've funded your account!", and the transaction goes through. A declined card returns to
 * the landing with the spec's banner and the other provider's hint; the other provider then funds the wallet. A popup
 * closed three times without a purchase returns to the landing. On the React demo the same first send is funded, then
 * `useFundWallet` opens the modal and funds from an exchange. Every outcome is checked on the chain. The tests share
 * one stack and run side by side.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveButton, confirmationDone, demoEthereumAddress, modalPart, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { cardStatusTitle, fundingLanding, fundingPart, payInPopup } from '../harness/funding-flows.js'

const ETH_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ONE_THOUSANDTH_ETH = 10n ** 15n

let stack: E2eStack
let anvil: ReturnType<typeof createPublicClient>
beforeAll(async () => {
  stack = await startE2eStack({ react: true })
  anvil = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
}, 180_000)
afterAll(async () => {
  await stack?.close()
})

const balanceOf = (address: string) => anvil.getBalance({ address: address as Address })

/** The demo's send went through: the hash it shows is a mined 0.001 ETH transfer to the recipient (tests run side by side, so balances of the shared recipient do not tell). */
async function sentOneThousandth(page: Page): Promise<void> {
  const result = page.locator('#send-result').filter({ hasText: /^0x[0-9a-f]{64}$/ })
  await result.waitFor({ timeout: walletTimeout })
  const hash = (await result.textContent()) as Hex
  const [transaction, receipt] = await Promise.all([anvil.getTransaction({ hash }), anvil.getTransactionReceipt({ hash })])
  expect({ to: transaction.to?.toLowerCase(), value: transaction.value, status: receipt.status }).toEqual({
    to: ETH_RECIPIENT.toLowerCase(),
    value: ONE_THOUSANDTH_ETH,
    status: 'success',
  })
}

describe.concurrent('funding by card and from an exchange', () => {
  it("a new user's 'Send 0.001 ETH' shows 'Add funds'; a card purchase funds the wallet and the transaction goes through", async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-fund-card-${runId()}@example.com`)
      const wallet = await demoEthereumAddress(page)
      await page.locator('#send-eth').click()
      const addFunds = modalPart(page, 'add-funds-button').filter({ hasText: 'Add funds' })
      await addFunds.waitFor({ timeout: walletTimeout })
      await addFunds.click()
      await fundingLanding(page, 'auth-modal')
      await expect(modalPart(page, 'title').textContent()).resolves.toMatch(/^Add funds to your .*wallet$/)

      const popup = await payInPopup(page, fundingPart(page, 'auth-modal', 'funding-card-button'), 'Pay')
      await popup.close()
      await cardStatusTitle(page, 'auth-modal', "You've funded your account!")
      expect(await balanceOf(wallet)).toBeGreaterThan(0n)
      await fundingPart(page, 'auth-modal', 'funding-continue').click()

      // Back on the confirmation, prepared again with the new balance: 'Approve' replaces 'Add funds'.
      await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: walletTimeout })
      await confirmationDone(page)
      await sentOneThousandth(page)
    })
  }, 240_000)

  it('a declined card returns to the landing with the banner and the hint; the other provider then funds the wallet', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-fund-decline-${runId()}@example.com`)
      const wallet = await demoEthereumAddress(page)
      await fundingLanding(page, 'fund-wallet')

      const declined = await payInPopup(page, fundingPart(page, 'fund-wallet', 'funding-card-button'), 'Decline')
      await declined.close()
      const banner = fundingPart(page, 'fund-wallet', 'funding-error')
      await banner.filter({ hasText: 'Something went wrong adding funds. Please try again or use another method.' }).waitFor({ timeout: walletTimeout })
      await page.locator('#fund-result').filter({ hasText: 'Funding failed: Something went wrong adding funds.' }).waitFor({ timeout: uiTimeout })
      const hint = fundingPart(page, 'fund-wallet', 'funding-alternate-provider')
      await expect(hint.textContent()).resolves.toBe('Having trouble or facing location restrictions? Try a different provider.')
      expect(await balanceOf(wallet)).toBe(0n)

      // The hint pays with the second provider (MoonPay's stand-in, polled at its own status API).
      const paid = await payInPopup(page, fundingPart(page, 'fund-wallet', 'funding-alternate-provider-button'), 'Pay')
      await paid.close()
      await cardStatusTitle(page, 'fund-wallet', "You've funded your account!")
      await fundingPart(page, 'fund-wallet', 'funding-continue').click()
      await page
        .locator('#fund-result')
        .filter({ hasText: `Funded: ${wallet} by card` })
        .waitFor({ timeout: uiTimeout })
      expect(await balanceOf(wallet)).toBeGreaterThan(0n)
      // The panel starts over on its landing.
      await fundingLanding(page, 'fund-wallet')
    })
  }, 240_000)

  it("a card popup closed three times with no purchase returns to the landing; closing the modal reports 'funduserexited'", async () => {
    await inNewPage(stack.browser, async (page, context) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-fund-closed-${runId()}@example.com`)
      const wallet = await demoEthereumAddress(page)
      // The demo's 'Add funds' opens the modal on a session: `start({ intent: 'fund' })`.
      await page.locator('#fund-eth').click()
      await fundingLanding(page, 'auth-modal')
      const [popup] = await Promise.all([context.waitForEvent('page', { timeout: uiTimeout }), fundingPart(page, 'auth-modal', 'funding-card-button').click()])
      await popup.getByRole('button', { name: 'Pay', exact: true }).waitFor({ timeout: walletTimeout })
      await popup.close()
      await fundingPart(page, 'auth-modal', 'funding-card-status').waitFor({ timeout: uiTimeout })
      // Polled every 1.5 s from 5 s on: the third look at the closed window sends the user back.
      await fundingPart(page, 'auth-modal', 'funding-landing').waitFor({ timeout: walletTimeout })
      await fundingPart(page, 'auth-modal', 'funding-alternate-provider').waitFor({ timeout: uiTimeout })
      await modalPart(page, 'close-button').click()
      await page
        .locator('#fund-result')
        .filter({ hasText: `Left funding: ${wallet} by card, balance 0` })
        .waitFor({ timeout: uiTimeout })
    })
  }, 240_000)

  it("the React demo: 'Add funds' from a new user's send, paid by card, and the send completes; useFundWallet funds from an exchange", async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('react'), stack.api.url, `e2e-fund-react-${runId()}@example.com`)
      const wallet = await demoEthereumAddress(page)

      // The provider's modal: the confirmation's 'Add funds', a card purchase, then the send.
      await page.locator('#send-eth').click()
      await modalPart(page, 'add-funds-button').filter({ hasText: 'Add funds' }).click({ timeout: walletTimeout })
      await fundingLanding(page, 'auth-modal')
      const card = await payInPopup(page, fundingPart(page, 'auth-modal', 'funding-card-button'), 'Pay')
      await card.close()
      await cardStatusTitle(page, 'auth-modal', "You've funded your account!")
      await fundingPart(page, 'auth-modal', 'funding-continue').click()
      await approveButton(page).filter({ hasText: 'Approve' }).click({ timeout: walletTimeout })
      await confirmationDone(page)
      await sentOneThousandth(page)

      // useFundWallet: the modal on a session of its own, funded from an exchange; onUserExited reports the end.
      const before = await balanceOf(wallet)
      await page.locator('#fund-eth').click()
      await fundingLanding(page, 'auth-modal')
      const exchange = await payInPopup(page, fundingPart(page, 'auth-modal', 'funding-exchange-button'), 'Pay')
      await exchange.close()
      await cardStatusTitle(page, 'auth-modal', "You've funded your account!")
      await fundingPart(page, 'auth-modal', 'funding-continue').click()
      await page
        .locator('#fund-result')
        .filter({ hasText: `Left funding: ${wallet} by exchange` })
        .waitFor({ timeout: walletTimeout })
      expect(await balanceOf(wallet)).toBeGreaterThan(before)
    })
  }, 240_000)
})
