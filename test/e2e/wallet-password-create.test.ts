/**
 * Creating wallets with a password end to end in Chromium on the vanilla demo, for an app that requires a password
 * on create (wallet spec, "States and transitions": "Password wizard", create-with-password; "Validation rules": 'Password not provided yet is required by App
 * configuration'): the login's creation does not fail but opens the wizard; its 'Set Password' creates the Ethereum
 * and the Solana wallet with password (user-passcode) recovery, then 'Welcome' for the new user. The server holds
 * both share sets with that method; a signature verifies. On a new device the same user gets 'Enter your password'
 * and recovers the same addresses. 'Import wallet' asks for a password there too. Closing the wizard before 'Set
 * Password' logs the user out, and nothing is created.
 */
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveConfirmation, completeEmailLogin, fillAndLeave, modalHidden, modalPart, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { serverWallets } from '../harness/wallet-recovery-flows.js'

const PASSWORD = 'Create-With-Pass-2026!'
const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack({
    devApp: (app) => ({ ...app, embedded_wallets: { ...app.embedded_wallets, require_user_password_on_create: true } }),
    // The user signs in twice with one address (the second device) within the resend cooldown.
    api: { rateLimits: { resendCooldownSeconds: 0 } },
  })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const title = (page: Page) => modalPart(page, 'title')
const walletItems = (page: Page) => page.locator('#embedded-wallets li')
const recoveryMethods = (page: Page) => walletItems(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.recovery))

async function addresses(page: Page): Promise<{ ethereum: string; solana: string }> {
  const address = (chain: string) => page.locator(`#embedded-wallets li[data-chain="${chain}"][data-imported="false"] .address`)
  await address('ethereum').waitFor({ timeout: walletTimeout })
  await address('solana').waitFor({ timeout: walletTimeout })
  return { ethereum: (await address('ethereum').textContent())!, solana: (await address('solana').textContent())! }
}

async function signIn(page: Page, email: string, previousCount = 0): Promise<void> {
  await page.goto(stack.pageUrl('vanilla'))
  await page.locator('#login').click({ timeout: uiTimeout })
  await completeEmailLogin(page, stack.api.url, email, { previousCount })
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
}

async function signAndVerify(page: Page, address: string): Promise<void> {
  await page.locator('#sign-result').evaluate((result) => void (result.textContent = ''))
  await page.locator('#sign-message').click()
  await approveConfirmation(page)
  await page
    .locator('#sign-result')
    .filter({ hasText: /^0x[0-9a-f]{130}$/ })
    .waitFor({ timeout: walletTimeout })
  const signature = (await page.locator('#sign-result').textContent()) as Hex
  expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
}

describe('creating wallets with a password (the app requires one)', () => {
  it('sign-in opens the wizard, Set Password creates both wallets with the password, and a new device recovers them with it', async () => {
    const email = `e2e-password-create-${runId()}@example.com`
    let wallets: { ethereum: string; solana: string } | undefined

    await inNewPage(stack.browser, async (page) => {
      await signIn(page, email)
      // No failed creation, no logout: the wizard, opened by the login's creation, with no way back.
      await title(page).filter({ hasText: 'Set your password' }).waitFor({ timeout: walletTimeout })
      expect(await modalPart(page, 'back-button').count()).toBe(0)
      expect(await serverWallets(page, stack.api.url)).toEqual([])
      await fillAndLeave(page, 'password-input', PASSWORD)
      await modalPart(page, 'submit-button').click()
      await title(page).filter({ hasText: 'Save your password' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'submit-button').click()
      await title(page).filter({ hasText: 'Confirm your password' }).waitFor({ timeout: uiTimeout })
      await fillAndLeave(page, 'password-confirm-input', PASSWORD)
      await modalPart(page, 'submit-button').click()
      await title(page).filter({ hasText: 'Confirm you have saved' }).waitFor({ timeout: uiTimeout })
      // Opened by the product, not by the user: no Cancel.
      expect(await modalPart(page, 'cancel-button').count()).toBe(0)
      await modalPart(page, 'password-acknowledge').check()
      await modalPart(page, 'submit-button').filter({ hasText: 'Set Password' }).click()

      // A user new this session: 'Welcome', then the modal closes by itself.
      await title(page).filter({ hasText: 'Welcome' }).waitFor({ timeout: walletTimeout })
      await modalPart(page, 'embedded-wallet-created').filter({ hasText: "You've successfully created an account." }).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      wallets = await addresses(page)
      expect(await recoveryMethods(page)).toEqual(['user-passcode', 'user-passcode'])
      expect(await serverWallets(page, stack.api.url)).toEqual([
        ['ethereum', wallets.ethereum.toLowerCase(), 'user-passcode'],
        ['solana', wallets.solana, 'user-passcode'],
      ])
      await signAndVerify(page, wallets.ethereum)

      // Import in this app needs a password too: the screen asks for one, and the imported key's share set uses it.
      const importedKey = generatePrivateKey()
      await page.locator('#import-wallet').click()
      await title(page).filter({ hasText: 'Import wallet' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'import-key-input').fill(importedKey)
      await expect.poll(() => modalPart(page, 'submit-button').isDisabled()).toBe(true)
      await fillAndLeave(page, 'password-input', 'abc')
      await modalPart(page, 'password-error').filter({ hasText: 'Password must be at least 6 characters' }).waitFor({ timeout: uiTimeout })
      await fillAndLeave(page, 'password-input', PASSWORD)
      await modalPart(page, 'submit-button').click()
      await modalPart(page, 'import-done').waitFor({ timeout: walletTimeout })
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      await expect
        .poll(() => serverWallets(page, stack.api.url), { timeout: uiTimeout })
        .toContainEqual(['ethereum', privateKeyToAddress(importedKey).toLowerCase(), 'user-passcode'])
    })

    await inNewPage(stack.browser, async (page) => {
      await signIn(page, email, 1)
      // The user has both wallets: nothing to create, the modal closes.
      await modalHidden(page)
      expect(await addresses(page)).toEqual(wallets)
      await page.locator('#sign-message').click()
      await title(page).filter({ hasText: 'Enter your password' }).waitFor({ timeout: walletTimeout })
      await fillAndLeave(page, 'password-input', PASSWORD)
      await modalPart(page, 'submit-button').click()
      // Recovered: the signature's confirmation follows in the same modal.
      await approveConfirmation(page)
      await modalHidden(page)
      await page
        .locator('#sign-result')
        .filter({ hasText: /^0x[0-9a-f]{130}$/ })
        .waitFor({ timeout: walletTimeout })
      expect(
        await verifyMessage({ address: wallets!.ethereum as Hex, message: MESSAGE, signature: (await page.locator('#sign-result').textContent()) as Hex }),
      ).toBe(true)
      expect(await addresses(page)).toEqual(wallets)
    })
  }, 300_000)

  it('closing the wizard before Set Password logs the user out and creates nothing', async () => {
    const email = `e2e-password-create-exit-${runId()}@example.com`
    await inNewPage(stack.browser, async (page) => {
      await signIn(page, email)
      await title(page).filter({ hasText: 'Set your password' }).waitFor({ timeout: walletTimeout })
      await fillAndLeave(page, 'password-input', PASSWORD)
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      await expect.poll(() => page.locator('#user-email').textContent(), { timeout: uiTimeout }).toBe('')
      expect(await walletItems(page).count()).toBe(0)
      // Nothing was created: the next sign-in asks for the password again.
      await signIn(page, email, 1)
      await title(page).filter({ hasText: 'Set your password' }).waitFor({ timeout: walletTimeout })
      expect(await serverWallets(page, stack.api.url)).toEqual([])
    })
  }, 120_000)
})
