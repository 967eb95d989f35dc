/**
 * A user signed in by phone links an email (code from the outbox) and a Google account (the modal's popup,
 * link intent; a user holds one account of each type) from the demo's Link buttons, sees them in the linked-account list, and unlinks each with
 * its Unlink button: vanilla through the element and the client, React through useLinkAccount and
 * useUnlinkAccount.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeEmailLogin, completeSmsLogin, linkedAccountRow, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
const run = runId()

beforeAll(async () => {
  stack = await startE2eStack({ react: true })
})
afterAll(async () => {
  await stack?.close()
})

const modalHidden = (page: Page) => page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })

async function unlink(page: Page, type: string, identifier: string) {
  const row = linkedAccountRow(page, type, identifier)
  await row.locator('button.unlink').click({ timeout: uiTimeout })
  await row.waitFor({ state: 'detached', timeout: uiTimeout })
}

describe.each(['vanilla', 'react'] as const)('linking on the %s demo', (demo) => {
  it('links then unlinks an email and a Google account', async () => {
    const national = demo === 'vanilla' ? '6502530021' : '6502530022'
    const phone = `+1${national}`
    const second = `link-${demo}-${run}@example.com`
    const google = `link-${demo}-google-${run}@example.com`
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl(demo))
      await page.locator('#login').click({ timeout: uiTimeout })
      await completeSmsLogin(page, stack.api.url, national, phone)
      await linkedAccountRow(page, 'phone', phone).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      const userId = await page.locator('#user-id').textContent()

      await page.locator('#link-email').click()
      await completeEmailLogin(page, stack.api.url, second)
      await linkedAccountRow(page, 'email', second).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      expect(await page.locator('#user-id').textContent(), 'linking keeps the user').toBe(userId)

      stack.provider.signInAs({ sub: `link-${demo}-${run}`, email: google, email_verified: true, name: 'Linked Google' })
      await page.locator('#link-google').click()
      const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
      // The link screen names the provider and starts it with one press (a user gesture, so the popup may open).
      await page.locator('auth-modal [part~="submit-button"]').click({ timeout: uiTimeout })
      const popup = await popupOpened
      if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: uiTimeout })
      await linkedAccountRow(page, 'google_oauth', google).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      expect(await page.locator('#linked-accounts li').count()).toBe(3)

      await unlink(page, 'email', second)
      await unlink(page, 'google_oauth', google)
      expect(await page.locator('#linked-accounts li').count(), 'only the phone is left').toBe(1)
      await linkedAccountRow(page, 'phone', phone).waitFor({ timeout: uiTimeout })
      // The server holds the same: a reload reads the user again.
      await page.reload()
      await linkedAccountRow(page, 'phone', phone).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#linked-accounts li').count()).toBe(1)
      expect(await page.locator('#action-error').isVisible()).toBe(false)
    })
  })
})
