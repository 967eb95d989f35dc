/** Steps a user takes in the demo pages, shared by the browser scenarios. */
import type { Page } from 'playwright-core'
import { OTP_LENGTH } from '../../src/protocol/index.js'
import { waitForCode } from './outbox.js'

export const uiTimeout = 15_000

/**
 * From the open landing of <auth-modal>: types the email, submits, reads the code from the dev
 * outbox and types it into the six boxes; the element submits a complete code by itself.
 * Playwright's CSS locators pierce the element's open shadow root.
 */
export async function completeEmailLogin(page: Page, apiUrl: string, email: string): Promise<void> {
  await page.locator('auth-modal [part~="email-input"]').fill(email, { timeout: uiTimeout })
  await page.locator('auth-modal [part~="submit-button"]').click()
  const code = await waitForCode(apiUrl, email)
  // The `code-input` part is the group of digit boxes.
  const boxes = page.locator('auth-modal [part~="code-input"] input')
  await boxes.first().waitFor({ timeout: uiTimeout })
  const count = await boxes.count()
  if (count !== OTP_LENGTH) throw new Error(`Expected ${OTP_LENGTH} code boxes, found ${count}`)
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit)
}

/** Opens the demo page, signs in a new user and waits until the page shows their email. */
export async function signInOnDemo(page: Page, pageUrl: string, apiUrl: string, email: string): Promise<void> {
  await page.goto(pageUrl)
  await page.locator('#login').click({ timeout: uiTimeout })
  await completeEmailLogin(page, apiUrl, email)
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
}
