/**
 * A new user signs up with a phone number on the vanilla demo: the code goes to the dev outbox, the code
 * screen shows the number masked to its last four digits, and the page shows the user's phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeSmsLogin, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack

beforeAll(async () => {
  // The user signs in twice with one number within the resend cooldown.
  stack = await startE2eStack({ api: { rateLimits: { resendCooldownSeconds: 0 } } })
})
afterAll(async () => {
  await stack?.close()
})

describe('SMS sign-in on the vanilla demo', () => {
  it('signs up a new phone number with the code from the outbox, then signs the same user in again', async () => {
    const national = '6502530011'
    const e164 = '+16502530011'
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      const description = await completeSmsLogin(page, stack.api.url, national, e164)
      expect(description, 'the code screen shows the number masked to its last 4 digits').toContain('0011')
      expect(description.replace(/\D/g, ''), 'no digit but the last 4 is shown').toBe('0011')

      await page.locator('#user-phone', { hasText: e164 }).waitFor({ timeout: uiTimeout })
      const userId = await page.locator('#user-id').textContent()
      await page.locator('#linked-accounts li[data-type="phone"]', { hasText: e164 }).waitFor({ timeout: uiTimeout })

      // Signing in again with the same number is the same user. (After a reload: a modal reopened within
      // 200 ms of its close keeps the finished flow's screen, reported separately.)
      await page.locator('#logout').click()
      await page.locator('#login').waitFor({ timeout: uiTimeout })
      await page.reload()
      await page.locator('#login').click({ timeout: uiTimeout })
      await completeSmsLogin(page, stack.api.url, national, e164, { previousCount: 1 })
      await page.locator('#user-phone', { hasText: e164 }).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#user-id').textContent(), 'the second sign-in finds the same user').toBe(userId)
    })
  })
})
