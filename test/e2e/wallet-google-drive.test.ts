/**
 * Google Drive recovery end to end in Chromium on the vanilla demo (wallet spec, "Screens and routes": "Recovery method selection",
 * "Recovery with a cloud provider"; src/frame/README.md "Key custody"): a new user signs in (wallets with automatic recovery), opens
 * 'Secure your account', picks 'Back up to Google Drive'; the popup consents at the local provider, comes back to the
 * demo page, which hands the return to the opener; 'Successfully backed up with Google Drive.' shows, and the user's
 * Drive app-data folder holds the backup's key file. On a new device (a new browser context) signing asks 'Confirm
 * it's really you'; 'Confirm with Google Drive' recovers the same addresses through the popup and the wallet signs.
 * Every message and request is recorded: the Drive key never reaches the API server, and neither the key nor the
 * Drive token nor a share reaches the host page in a message.
 */
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveConfirmation, modalHidden, modalPart, recordPopupFeatures, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { startGoogleDrive, type GoogleDriveStandIn } from '../harness/google-drive.js'
import { recordContext, requestText, secretForms, type Recording } from '../harness/recording.js'
import { consentInPopup } from '../harness/wallet-recovery-flows.js'

const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
let drive: GoogleDriveStandIn
beforeAll(async () => {
  // The Drive stand-in accepts the local provider's tokens; the provider starts with the stack, hence the late lookup.
  drive = await startGoogleDrive({ verifyToken: (token) => stack.provider.accessTokenGrant(token) })
  stack = await startE2eStack({
    api: { rateLimits: { resendCooldownSeconds: 0 } },
    devApp: (app) => ({
      ...app,
      embedded_wallets: { ...app.embedded_wallets, user_owned_recovery_options: ['user-passcode', 'google-drive'], google_drive_api_url: drive.url },
    }),
  })
}, 120_000)
afterAll(async () => {
  await stack?.close()
  await drive?.close()
})

const title = (page: Page) => modalPart(page, 'title')
const recoveryMethods = (page: Page) => page.locator('#embedded-wallets li').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.recovery))

async function addresses(page: Page): Promise<{ ethereum: string; solana: string }> {
  const address = (chain: string) => page.locator(`#embedded-wallets li[data-chain="${chain}"] .address`)
  await address('ethereum').waitFor({ timeout: walletTimeout })
  await address('solana').waitFor({ timeout: walletTimeout })
  return { ethereum: (await address('ethereum').textContent())!, solana: (await address('solana').textContent())! }
}

async function signAndVerify(page: Page, address: string): Promise<void> {
  await page.locator('#sign-result').evaluate((result) => void (result.textContent = ''))
  await page.locator('#sign-message').click()
  await approveConfirmation(page)
  await page
    .locator('#sign-result')
    .filter({ hasText: /^0x[0-9a-f]{130}$/ })
    .waitFor({ timeout: walletTimeout })
  expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature: (await page.locator('#sign-result').textContent()) as Hex })).toBe(true)
}

describe('Google Drive recovery on the vanilla demo', () => {
  it('backs up to Google Drive through the popup, and a new device recovers the same wallets with it; the key and token stay out of the host page and the server', async () => {
    const run = runId()
    const email = `e2e-drive-${run}@example.com`
    const googleAccount = `drive-${run}`
    stack.provider.signInAs({ sub: googleAccount, email, email_verified: true, name: 'Drive User' })
    const recordings: Recording[] = []
    const pageOrigins = new Set<string>()
    let wallets: { ethereum: string; solana: string } | undefined

    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await recordPopupFeatures(page)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      pageOrigins.add(new URL(page.url()).origin)
      wallets = await addresses(page)
      expect(await recoveryMethods(page)).toEqual(['privy', 'privy'])

      await page.locator('#cloud-secure-account').click()
      await title(page).filter({ hasText: 'Secure your account' }).waitFor({ timeout: uiTimeout })
      await consentInPopup(page, () => modalPart(page, 'recovery-google-drive').filter({ hasText: 'Back up to Google Drive' }).click())
      await modalPart(page, 'cloud-done').filter({ hasText: 'Successfully backed up with Google Drive.' }).waitFor({ timeout: walletTimeout })
      await modalHidden(page)
      await page.locator('#action-result', { hasText: 'Wallet recovery set: google-drive' }).waitFor({ timeout: uiTimeout })
      await expect.poll(() => recoveryMethods(page), { timeout: uiTimeout }).toEqual(['google-drive', 'google-drive'])

      // Google Drive is the current method now: the selection no longer offers it.
      await page.locator('#cloud-secure-account').click()
      await title(page).filter({ hasText: 'Update backup method' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'recovery-password').waitFor({ timeout: uiTimeout })
      expect(await modalPart(page, 'recovery-google-drive').count()).toBe(0)
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
    })

    // One share set per chain: one key file each, in this Google account's app-data folder only.
    const keyFiles = drive.files().filter((file) => file.owner === googleAccount)
    expect(keyFiles).toHaveLength(2)
    for (const address of [wallets!.ethereum, wallets!.solana]) expect(keyFiles.some((file) => file.name.includes(address))).toBe(true)

    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await recordPopupFeatures(page)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email, { previousCount: 1 })
      expect(await addresses(page)).toEqual(wallets)

      // Signing needs the wallet: this device has no share of it, so the modal asks for the Google account by itself.
      await page.locator('#sign-message').click()
      await title(page).filter({ hasText: "Confirm it's really you" }).waitFor({ timeout: walletTimeout })
      await modalPart(page, 'body')
        .filter({ hasText: 'Please verify that you are selecting the Google Drive account associated with your backup.' })
        .waitFor({ timeout: uiTimeout })
      await consentInPopup(page, () => modalPart(page, 'cloud-confirm').filter({ hasText: 'Confirm with Google Drive' }).click())
      // Recovered: the signature's confirmation follows in the same modal.
      await approveConfirmation(page)
      await page
        .locator('#sign-result')
        .filter({ hasText: /^0x[0-9a-f]{130}$/ })
        .waitFor({ timeout: walletTimeout })
      expect(
        await verifyMessage({ address: wallets!.ethereum as Hex, message: MESSAGE, signature: (await page.locator('#sign-result').textContent()) as Hex }),
      ).toBe(true)
      await modalHidden(page)
      expect(await addresses(page)).toEqual(wallets)
      await signAndVerify(page, wallets!.ethereum)
    })
    // Recovery re-shared with the same keys: still one key file per share set.
    expect(drive.files().filter((file) => file.owner === googleAccount)).toHaveLength(2)

    const requests = recordings.flatMap((recording) => recording.requests)
    const messages = recordings.flatMap((recording) => recording.messages)
    const apiOrigin = new URL(stack.api.url).origin
    const driveKeys = keyFiles.map((file) => Buffer.from((JSON.parse(file.content.toString()) as { key: string }).key, 'base64'))
    const tokens = await Promise.all(
      requests
        .filter((request) => new URL(request.url).pathname === '/api/v1/recovery/oauth/authenticate')
        .map(async (request) => (JSON.parse(await request.response) as { access_token: string }).access_token),
    )
    expect(tokens).toHaveLength(2)
    const keyForms = driveKeys.flatMap((key) => secretForms(key))
    // The server never receives the Drive key (it holds only the share sealed with it).
    for (const request of requests.filter((candidate) => new URL(candidate.url).origin === apiOrigin)) {
      const text = await requestText(request)
      for (const form of keyForms) expect(text.includes(form), `the Drive key in ${request.method} ${request.url}`).toBe(false)
    }
    // The host page receives neither the key nor the Drive token (the token goes to the frame, not back).
    const toPage = messages.filter((message) => pageOrigins.has(new URL(message.at).origin))
    expect(toPage.length).toBeGreaterThan(0)
    for (const message of toPage) {
      for (const form of keyForms) expect(message.data.includes(form), 'the Drive key in a message to the page').toBe(false)
      for (const token of tokens) expect(message.data.includes(token), 'the Drive token in a message to the page').toBe(false)
    }
  }, 300_000)
})
