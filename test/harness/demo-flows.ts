/** Steps a user takes in the demo pages, shared by the browser scenarios. */
import type { Locator, Page } from 'playwright-core'
import { OTP_LENGTH } from '../../src/protocol/index.js'
import { waitForCode } from './outbox.js'

export const uiTimeout = 15_000

/** A part inside the modal's (open) shadow root. */
export const modalPart = (page: Page, part: string): Locator => page.locator(`auth-modal [part~="${part}"]`)

/** Resolves once the modal has closed. */
export const modalHidden = (page: Page): Promise<void> => modalPart(page, 'dialog').waitFor({ state: 'hidden', timeout: uiTimeout })

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
