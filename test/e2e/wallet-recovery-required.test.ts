/**
 * User-owned recovery required on create, end to end in Chromium on the vanilla demo (wallet spec, "States and transitions": "Wallet
 * creation": 'recovery selection comes first'; "Password wizard"; "Recovery with a cloud provider"): the login's
 * creation waits on 'Secure your account'. 'Back up to Google Drive' consents in the provider's popup and creates the
 * Ethereum and the Solana wallet backed up to the user's Drive (the server holds only key-sealed shares), then the
 * success message and 'Welcome'; the wallet signs. A second user takes 'Set a password': Back returns to the
 * selection, and the wizard creates both wallets with password recovery.
 */
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveConfirmation, completeEmailLogin, modalHidden, modalPart, recordPopupFeatures, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { startGoogleDrive, type GoogleDriveStandIn } from '../harness/google-drive.js'
import { completePasswordWizard, consentInPopup, serverWallets } from '../harness/wallet-recovery-flows.js'

const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
let drive: GoogleDriveStandIn
beforeAll(async () => {
  // The Drive stand-in accepts the local provider's tokens; the provider starts with the stack, hence the late lookup.
  drive = await startGoogleDrive({ verifyToken: (token) => stack.provider.accessTokenGrant(token) })
  stack = await startE2eStack({
    devApp: (app) => ({
      ...app,
      embedded_wallets: {
        ...app.embedded_wallets,
        require_user_owned_recovery_on_create: true,
        user_owned_recovery_options: ['user-passcode', 'google-drive'],
        google_drive_api_url: drive.url,
      },
    }),
  })
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await drive?.close()
})

const title = (page: Page) => modalPart(page, 'title')
const address = (page: Page, chain: string) => page.locator(`#embedded-wallets li[data-chain="${chain}"] .address`)

/** Signs in on the demo; the login's creation then waits on the recovery selection, with nothing created yet. */
async function signInToSelection(page: Page, email: string): Promise<void> {
  await page.goto(stack.pageUrl('vanilla'))
  await page.locator('#login').click({ timeout: uiTimeout })
  await completeEmailLogin(page, stack.api.url, email)
  await title(page).filter({ hasText: 'Secure your account' }).waitFor({ timeout: walletTimeout })
  expect(await serverWallets(page, stack.api.url)).toEqual([])
}

/** After 'Welcome' closed the modal: the demo's wallets, as the server holds them with `method`; a signature verifies. */
async function walletsCreatedWith(page: Page, method: string): Promise<string[]> {
  await title(page).filter({ hasText: 'Welcome' }).waitFor({ timeout: walletTimeout })
  await modalHidden(page)
  await address(page, 'ethereum').waitFor({ timeout: walletTimeout })
  await address(page, 'solana').waitFor({ timeout: walletTimeout })
  const ethereum = (await address(page, 'ethereum').textContent())!
  const solana = (await address(page, 'solana').textContent())!
  expect(await serverWallets(page, stack.api.url)).toEqual([
    ['ethereum', ethereum.toLowerCase(), method],
    ['solana', solana, method],
  ])
  await page.locator('#sign-message').click()
  await approveConfirmation(page)
  await page
    .locator('#sign-result')
    .filter({ hasText: /^0x[0-9a-f]{130}$/ })
    .waitFor({ timeout: walletTimeout })
  expect(await verifyMessage({ address: ethereum as Hex, message: MESSAGE, signature: (await page.locator('#sign-result').textContent()) as Hex })).toBe(true)
  return [ethereum, solana]
}

describe('user-owned recovery required on create', () => {
  it('sign-in shows the recovery selection first; Google Drive creates both wallets backed up to Drive, then Welcome', async () => {
    const run = runId()
    const email = `e2e-required-drive-${run}@example.com`
    const googleAccount = `required-drive-${run}`
    stack.provider.signInAs({ sub: googleAccount, email, email_verified: true, name: 'Drive User' })
    await inNewPage(stack.browser, async (page) => {
      await recordPopupFeatures(page)
      await signInToSelection(page, email)
      await consentInPopup(page, () => modalPart(page, 'recovery-google-drive').filter({ hasText: 'Back up to Google Drive' }).click())
      await modalPart(page, 'cloud-done').filter({ hasText: 'Successfully backed up with Google Drive.' }).waitFor({ timeout: walletTimeout })
      const addresses = await walletsCreatedWith(page, 'google-drive')
      // One key file per share set, in this Google account's app-data folder.
      const names = drive
        .files()
        .filter((file) => file.owner === googleAccount)
        .map((file) => file.name)
      expect(names).toHaveLength(2)
      for (const created of addresses) expect(names.some((name) => name.includes(created))).toBe(true)
    })
  }, 300_000)

  it('the password row goes straight to the wizard (Back returns to the selection), which creates both wallets with the password', async () => {
    const email = `e2e-required-password-${runId()}@example.com`
    await inNewPage(stack.browser, async (page) => {
      await signInToSelection(page, email)
      await modalPart(page, 'recovery-password').filter({ hasText: 'Set a password' }).click()
      await title(page).filter({ hasText: 'Set your password' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'back-button').click()
      await title(page).filter({ hasText: 'Secure your account' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'recovery-password').click()
      await title(page).filter({ hasText: 'Set your password' }).waitFor({ timeout: uiTimeout })
      await completePasswordWizard(page, 'Required-Recovery-2026!')
      await walletsCreatedWith(page, 'user-passcode')
    })
  }, 300_000)
})
