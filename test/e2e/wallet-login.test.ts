/**
 * Wallet sign-in through the modal on the vanilla and React demos, in Chromium against the real server: 'Continue with a
 * wallet' → the picker lists the injected wallet by name → the status screens → signed in (SIWE on the local anvil
 * chain, SIWS with a wallet-standard Solana wallet) with the wallet in the demo's linked accounts; a rejected
 * request shows the rejection copy and 'Try again'; linking from the demo's Link list (connect-only variant), where
 * a wallet of another user reads 'User already exists for this address' with 'Use a different wallet'.
 */
import type { Page } from 'playwright-core'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeEmailLogin, linkedAccountRow, modalHidden, modalPart, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { installEthereumWallet, installSolanaWallet } from '../harness/injected-wallets.js'

let stack: E2eStack
const run = runId()

beforeAll(async () => {
  stack = await startE2eStack({ react: true })
})
afterAll(async () => {
  await stack?.close()
})

const modal = modalPart
const title = (page: Page, text: string) => page.locator('auth-modal').getByRole('heading', { name: text, exact: true })
const walletRow = (page: Page, name: string) => modal(page, 'wallet-option').filter({ has: page.locator('[part~="wallet-name"]', { hasText: name }) })
const walletAccount = (page: Page, address: string) =>
  page.locator('#linked-accounts li[data-type="wallet"]', { has: page.locator('.identifier', { hasText: new RegExp(address, 'i') }) })

/** Every title the modal shows from now on, in order (a MutationObserver on its shadow root catches each render). */
async function recordTitles(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const root = document.querySelector('auth-modal')!.shadowRoot!
    const seen: string[] = []
    ;(window as unknown as { __walletTitles: string[] }).__walletTitles = seen
    const read = () => {
      const text = root.querySelector('[part~="title"]')?.textContent ?? ''
      if (text && seen.at(-1) !== text) seen.push(text)
    }
    new MutationObserver(read).observe(root, { subtree: true, childList: true, characterData: true })
    read()
  })
  return () => page.evaluate(() => (window as unknown as { __walletTitles: string[] }).__walletTitles)
}

/** From the signed-out demo: opens the modal and the picker through the landing's wallet shortcut. */
async function openWalletPicker(page: Page): Promise<() => Promise<string[]>> {
  await page.locator('#login').click({ timeout: uiTimeout })
  await modal(page, 'wallet-button').filter({ hasText: 'Continue with a wallet' }).click({ timeout: uiTimeout })
  await title(page, 'Select your wallet').waitFor({ timeout: uiTimeout })
  return recordTitles(page)
}

async function logout(page: Page) {
  await page.locator('#logout').click({ timeout: uiTimeout })
  await page.locator('#login').waitFor({ timeout: uiTimeout })
}

describe.each(['vanilla', 'react'] as const)('SIWE through the modal on the %s demo', (demo) => {
  it('picks the EIP-6963 wallet by name, walks the status screens and signs in with the wallet linked', async () => {
    await inNewPage(stack.browser, async (page) => {
      const wallet = await installEthereumWallet(page, {
        privateKey: generatePrivateKey(),
        rdns: 'io.metamask',
        name: 'MetaMask',
        rpcUrl: stack.chain.anvil.rpcUrl,
        chainId: stack.chain.anvil.chainId,
      })
      await page.goto(stack.pageUrl(demo))
      const titles = await openWalletPicker(page)
      const row = walletRow(page, 'MetaMask')
      await row.waitFor({ timeout: uiTimeout })
      expect(await row.locator('[part~="chain-badge"]').allTextContents()).toEqual(['Ethereum'])
      await row.click()
      await walletAccount(page, wallet.address).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      const seen = await titles()
      expect(seen, `the status screens: ${seen.join(' → ')}`).toContain('Sign to verify')
      expect(
        seen.every((text) =>
          ['Select your wallet', 'Waiting for MetaMask', 'Switching networks', 'Sign to verify', 'Signing', 'Successfully connected with MetaMask'].includes(
            text,
          ),
        ),
        seen.join(' → '),
      ).toBe(true)
      // Wallet spec, "States and transitions": the success shows before the modal reports the login and closes.
      expect(seen.at(-1), seen.join(' → ')).toBe('Successfully connected with MetaMask')

      // The next sign-in on this device marks the wallet as last used.
      await logout(page)
      await openWalletPicker(page)
      await expect.poll(() => walletRow(page, 'MetaMask').locator('[part~="last-used-chip"]').count(), { timeout: uiTimeout }).toBe(1)
    })
  })
})

describe('wallet sign-in on the vanilla demo (the modal)', () => {
  it('SIWS: signs in with the injected wallet-standard Solana wallet', async () => {
    await inNewPage(stack.browser, async (page) => {
      const wallet = await installSolanaWallet(page, { name: 'Test Solana Wallet' })
      await page.goto(stack.pageUrl('vanilla'))
      const titles = await openWalletPicker(page)
      const row = walletRow(page, 'Test Solana Wallet')
      await row.waitFor({ timeout: uiTimeout })
      expect(await row.locator('[part~="chain-badge"]').allTextContents()).toEqual(['Solana'])
      await row.click()
      await walletAccount(page, wallet.address).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      const seen = await titles()
      expect(seen, seen.join(' → ')).toContain('Sign to verify')
      expect(seen.at(-1), seen.join(' → ')).toBe('Successfully connected with Test Solana Wallet')
    })
  })

  it("a rejected request: 'You rejected the request' with 'Try again', which then signs in", async () => {
    await inNewPage(stack.browser, async (page) => {
      const wallet = await installEthereumWallet(page, {
        privateKey: generatePrivateKey(),
        rdns: 'io.metamask',
        name: 'MetaMask',
        rpcUrl: stack.chain.anvil.rpcUrl,
        chainId: stack.chain.anvil.chainId,
      })
      await page.goto(stack.pageUrl('vanilla'))
      await openWalletPicker(page)
      wallet.rejectNext()
      await walletRow(page, 'MetaMask').click({ timeout: uiTimeout })
      await title(page, 'Could not connect with wallet').waitFor({ timeout: uiTimeout })
      expect(await modal(page, 'wallet-error').textContent()).toBe('You rejected the request')
      await modal(page, 'retry-button').filter({ hasText: 'Try again' }).click()
      await walletAccount(page, wallet.address).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
    })
  })
})

describe('linking a wallet from the demo (connect-only variant)', () => {
  it("a wallet of another user reads 'User already exists for this address'; 'Use a different wallet' links another, which unlinks", async () => {
    await inNewPage(stack.browser, async (page) => {
      const taken = await installEthereumWallet(page, {
        privateKey: generatePrivateKey(),
        rdns: 'io.metamask',
        name: 'MetaMask',
        rpcUrl: stack.chain.anvil.rpcUrl,
        chainId: stack.chain.anvil.chainId,
      })
      const free = await installEthereumWallet(page, {
        privateKey: generatePrivateKey(),
        rdns: 'me.rainbow',
        name: 'Rainbow',
        rpcUrl: stack.chain.anvil.rpcUrl,
        chainId: stack.chain.anvil.chainId,
      })
      await page.goto(stack.pageUrl('vanilla'))
      // The first wallet belongs to a user of its own.
      await openWalletPicker(page)
      await walletRow(page, 'MetaMask').click({ timeout: uiTimeout })
      await walletAccount(page, taken.address).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      await logout(page)

      const email = `wallet-link-${run}@example.com`
      await page.locator('#login').click({ timeout: uiTimeout })
      await completeEmailLogin(page, stack.api.url, email)
      await linkedAccountRow(page, 'email', email).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      const userId = await page.locator('#user-id').textContent()

      await page.locator('#link-wallet').click()
      await title(page, 'Link a wallet').waitFor({ timeout: uiTimeout })
      await walletRow(page, 'MetaMask').click()
      await title(page, 'Could not connect with wallet').waitFor({ timeout: uiTimeout })
      expect(await modal(page, 'wallet-error').textContent()).toBe('User already exists for this address')
      expect(await modal(page, 'wallet-error-detail').textContent()).toBe('Try another address!')
      expect(await modal(page, 'retry-button').count(), 'not retryable').toBe(0)

      await modal(page, 'different-wallet-button').filter({ hasText: 'Use a different wallet' }).click()
      await title(page, 'Link a wallet').waitFor({ timeout: uiTimeout })
      await walletRow(page, 'Rainbow').click()
      await walletAccount(page, free.address).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      expect(await page.locator('#user-id').textContent(), 'linking keeps the user').toBe(userId)
      expect(await walletAccount(page, taken.address).count(), "the other user's wallet stays theirs").toBe(0)

      // The demo's unlink removes the wallet again; a reload reads the user from the server.
      await walletAccount(page, free.address).locator('button.unlink').click({ timeout: uiTimeout })
      await walletAccount(page, free.address).waitFor({ state: 'detached', timeout: uiTimeout })
      await page.reload()
      await linkedAccountRow(page, 'email', email).waitFor({ timeout: uiTimeout })
      expect(await walletAccount(page, free.address).count(), 'unlinked on the server').toBe(0)
    })
  })
})
