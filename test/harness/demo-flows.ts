/** Steps a user takes in the demo pages, shared by the browser scenarios. */
import type { Locator, Page } from 'playwright-core'
import { OTP_LENGTH } from '../../src/protocol/index.js'
import { waitForCode } from './outbox.js'
import { authenticatorApp } from './totp.js'

export const uiTimeout = 15_000

/** A part inside the modal's (open) shadow root. */
export const modalPart = (page: Page, part: string): Locator => page.locator(`auth-modal [part~="${part}"]`)

/** Resolves once the modal has closed. */
export const modalHidden = (page: Page): Promise<void> => modalPart(page, 'dialog').waitFor({ state: 'hidden', timeout: uiTimeout })

/**
 * Clicks a button that closes its own window, then waits for the close. Playwright's click can fail with "Target
 * page ... has been closed" when the window goes away inside the click (microsoft/playwright#26900): that is the success.
 */
export async function clickClosingWindow(page: Page, button: Locator, timeout = uiTimeout): Promise<void> {
  const closed = page.waitForEvent('close', { timeout })
  await button.click({ timeout }).catch((error: unknown) => {
    if (!page.isClosed()) throw error
  })
  await closed
}

/** A landing row, first revealed through the overflow button when the landing's rows are full (the dev app has many methods). */
export async function landingRow(page: Page, row: Locator): Promise<Locator> {
  const overflow = modalPart(page, 'overflow-button')
  await row.or(overflow).first().waitFor({ timeout: uiTimeout })
  if (!(await row.isVisible())) await overflow.click({ timeout: uiTimeout })
  await row.waitFor({ timeout: uiTimeout })
  return row
}

/**
 * From the open landing of <auth-modal>: types the email, submits, reads the code from the dev
 * outbox and types it into the six boxes; the element submits a complete code by itself.
 * Playwright's CSS locators pierce the element's open shadow root.
 */
export async function completeEmailLogin(page: Page, apiUrl: string, email: string, { previousCount = 0 } = {}): Promise<void> {
  await page.locator('auth-modal [part~="email-input"]').fill(email, { timeout: uiTimeout })
  await page.locator('auth-modal [part~="submit-button"]').click()
  // The `code-input` part is the group of digit boxes.
  await typeCode(page, await waitForCode(apiUrl, email, { previousCount }))
}

/**
 * Opens the demo page, signs in and waits until the page shows the user's email; `previousCount`: codes this address
 * got before (a user signing in again, on a new device).
 */
export async function signInOnDemo(page: Page, pageUrl: string, apiUrl: string, email: string, { previousCount = 0 } = {}): Promise<void> {
  await page.goto(pageUrl)
  await page.locator('#login').click({ timeout: uiTimeout })
  await completeEmailLogin(page, apiUrl, email, { previousCount })
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
  // The dev app creates wallets at sign-in: the modal shows them being made, then closes by itself.
  await modalHidden(page)
}

/** Types `code` into the open code screen's digit boxes; the element submits a complete code by itself. */
export async function typeCode(page: Page, code: string): Promise<void> {
  const boxes = page.locator('auth-modal [part~="code-input"] input')
  await boxes.first().waitFor({ timeout: uiTimeout })
  const count = await boxes.count()
  if (count !== OTP_LENGTH) throw new Error(`Expected ${OTP_LENGTH} code boxes, found ${count}`)
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit)
}

/**
 * From the open landing (or the phone screen a link intent opens on): reaches the phone input, types a
 * national number for the default country (US), submits and returns the code screen's description
 * (which shows the masked number) before typing the code from the outbox, addressed to `e164`.
 */
export async function completeSmsLogin(page: Page, apiUrl: string, nationalNumber: string, e164: string, { previousCount = 0 } = {}): Promise<string> {
  const phoneInput = page.locator('auth-modal [part~="phone-input"]')
  const smsButton = page.locator('auth-modal [part~="sms-button"]')
  await phoneInput.or(smsButton).first().waitFor({ timeout: uiTimeout })
  if (!(await phoneInput.isVisible())) await smsButton.click()
  await phoneInput.fill(nationalNumber, { timeout: uiTimeout })
  await page.locator('auth-modal [part~="submit-button"]:not([disabled])').click({ timeout: uiTimeout })
  const code = await waitForCode(apiUrl, e164, { previousCount })
  const description = page.locator('auth-modal [part~="code-description"]')
  await description.waitFor({ timeout: uiTimeout })
  const text = (await description.textContent()) ?? ''
  await typeCode(page, code)
  return text
}

/** The demo's linked-account row of `type` whose identifier is `identifier`. */
export function linkedAccountRow(page: Page, type: string, identifier: string) {
  return page.locator(`#linked-accounts li[data-type="${type}"]`, { has: page.locator('.identifier', { hasText: identifier }) })
}

/** Wallet work (creation, recovery, a signature behind MFA) takes longer than a screen change. */
export const walletTimeout = 60_000

/** The primary embedded Ethereum wallet's address in the demo's wallet panel. */
export async function demoEthereumAddress(page: Page): Promise<string> {
  const address = page.locator('#embedded-wallets li[data-chain="ethereum"] .address')
  await address.waitFor({ timeout: walletTimeout })
  return (await address.textContent())!
}

/** The confirmation's approve button: 'Sign and continue' (a message), 'Approve', 'Continue' (a batch's earlier ones). */
export const approveButton = (page: Page): Locator => modalPart(page, 'approve-button')

/**
 * Waits until the confirmation the modal shows is through: a signature closes the modal by itself after 'Success!',
 * a transaction's receipt ('Transaction complete!') is closed with 'All Done'. Fails with the screen's error.
 */
export async function confirmationDone(page: Page): Promise<void> {
  const done = modalPart(page, 'done-button')
  const failure = modalPart(page, 'transaction-error').or(modalPart(page, 'sign-message').locator('[part~="error"]'))
  const dialog = modalPart(page, 'dialog')
  const deadline = Date.now() + walletTimeout
  while (await dialog.isVisible()) {
    if (await done.isVisible()) {
      await done.click()
      break
    }
    if (await failure.isVisible()) throw new Error(`The confirmation failed: ${await failure.first().textContent()}`)
    if (Date.now() > deadline) throw new Error('The confirmation did not finish in time')
    await page.waitForTimeout(100)
  }
  await modalHidden(page)
}

/** Approves the confirmation the modal opened on (once it is ready) and waits until it is through. */
export async function approveConfirmation(page: Page): Promise<void> {
  await approveButton(page)
    .click({ timeout: walletTimeout })
    .catch(async (error: Error) => {
      throw new Error(`${error.message.split('\n')[0]}; the dialog's buttons: ${await dialogButtons(page)}`)
    })
  await confirmationDone(page)
}

/** The open dialog's buttons as `part "text" (disabled)`: what a confirmation that never got approved offered instead. */
async function dialogButtons(page: Page): Promise<string> {
  const buttons = await modalPart(page, 'dialog')
    .locator('button')
    .evaluateAll((elements) =>
      elements.map(
        (button) => `${button.getAttribute('part') ?? '-'} "${button.textContent?.trim()}"${(button as HTMLButtonElement).disabled ? ' (disabled)' : ''}`,
      ),
    )
    .catch(() => [])
  return buttons.join(', ') || 'none'
}

/** Awaits `request` (a wallet call the page made) while approving its confirmation in the modal. */
export async function approvedInModal<T>(page: Page, request: Promise<T>): Promise<T> {
  const [result] = await Promise.all([request, approveConfirmation(page)])
  return result
}

/**
 * Clicks the demo's 'Sign a message' (which clears the last one), approves the 'Sign message' confirmation, lets
 * `answer` handle a challenge, and returns the signature shown. The challenge comes first when the wallet must connect
 * again (its auth share needs the verification), else after the approval, when the frame signs.
 */
export async function signatureAfter(page: Page, answer: () => Promise<void> = async () => {}): Promise<`0x${string}`> {
  await page.locator('#sign-message').click()
  const approve = approveButton(page)
  const challenge = modalPart(page, 'title')
    .filter({ hasText: /^Verif|verification code$/ })
    .or(page.locator('#mfa-challenge'))
  await approve.or(challenge).first().waitFor({ timeout: walletTimeout })
  if (await approve.isVisible()) {
    await approve.click()
    await answer()
  } else {
    await answer()
    await approve.click({ timeout: walletTimeout })
  }
  const failure = page.locator('#action-error:not([hidden])')
  const signed = page.locator('#sign-result').filter({ hasText: /^0x[0-9a-f]{130}$/ })
  await signed.or(failure).first().waitFor({ timeout: walletTimeout })
  if (await failure.isVisible()) throw new Error(`Signing failed: ${await failure.textContent()}`)
  // 'Success!' shows briefly, then the modal closes by itself.
  await modalHidden(page)
  return (await signed.textContent()) as `0x${string}`
}

/**
 * From the demo's signed-in panel: 'Transaction Protection' → authenticator app → the QR step's setup key → the app's
 * first code → done. Answers the authenticator app (test/harness/totp.ts) that now holds the secret.
 */
export async function enrolAuthenticatorAppOnDemo(page: Page): Promise<ReturnType<typeof authenticatorApp>> {
  await page.locator('#enroll-mfa').click()
  await modalPart(page, 'title').filter({ hasText: 'Transaction Protection' }).waitFor({ timeout: uiTimeout })
  await modalPart(page, 'mfa-method-totp').click()
  const setupKey = modalPart(page, 'mfa-setup-key')
  await setupKey.waitFor({ timeout: walletTimeout })
  await modalPart(page, 'mfa-totp-qr').waitFor({ timeout: uiTimeout })
  const secret = (await setupKey.textContent())!
  // RFC 4648 base32 of a 160-bit secret, as authenticator apps take it.
  if (!/^[A-Z2-7]{32}$/.test(secret)) throw new Error(`Unexpected setup key: ${secret}`)
  const app = authenticatorApp(secret)
  await modalPart(page, 'mfa-continue').click()
  await typeCode(page, await app.nextCode())
  await modalPart(page, 'mfa-enrolled').waitFor({ timeout: walletTimeout })
  await modalPart(page, 'mfa-done').click()
  await modalHidden(page)
  await page.locator('#mfa-methods li[data-method="totp"]').waitFor({ timeout: uiTimeout })
  return app
}

/** Fills a field of the modal and leaves it, as a user does: errors show once it was touched. */
export async function fillAndLeave(page: Page, part: string, text: string): Promise<void> {
  const field = modalPart(page, part)
  await field.fill(text, { timeout: uiTimeout })
  await field.blur()
}

/** Records the features of every window the page opens (the provider's popup must be 440×680). */
export const recordPopupFeatures = (page: Page) =>
  page.addInitScript(() => {
    const open = window.open.bind(window)
    const features: string[] = ((window as unknown as { e2ePopupFeatures: string[] }).e2ePopupFeatures = [])
    window.open = (url?: string | URL, target?: string, feature?: string) => {
      features.push(feature ?? '')
      return open(url, target, feature)
    }
  })
