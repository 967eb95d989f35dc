/**
 * The two sign-ins without a modal, on both demos: 'Continue as guest' (a guest user kept across a
 * reload) and the demo app's own account (a custom JWT from the demo identity provider, verified by the
 * server against the provider's JWKS; the same app user is the same Tessera user).
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USER_DID_PREFIX } from '../../src/protocol/index.js'
import { linkedAccountRow, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
const run = runId()

beforeAll(async () => {
  stack = await startE2eStack({ react: true })
})
afterAll(async () => {
  await stack?.close()
})

const userId = async (page: Page) => (await page.locator('#user-id').textContent()) ?? ''

async function signInWithDemoAccount(page: Page, name: string) {
  await page.locator('#custom-user').fill(name, { timeout: uiTimeout })
  await page.locator('#custom-login').click()
  await linkedAccountRow(page, 'custom_auth', name).waitFor({ timeout: uiTimeout })
}

describe.each(['vanilla', 'react'] as const)('on the %s demo', (demo) => {
  it('Continue as guest signs in a guest user who stays signed in across a reload, and logs out', async () => {
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl(demo))
      await page.locator('#guest-login').click({ timeout: uiTimeout })
      await page.locator('#user-guest', { hasText: 'yes' }).waitFor({ timeout: uiTimeout })
      const id = await userId(page)
      expect(id.startsWith(USER_DID_PREFIX), `a user id, got "${id}"`).toBe(true)
      expect(await page.locator('#linked-accounts li').count(), 'a guest has no linked accounts').toBe(0)

      await page.reload()
      await page.locator('#user-guest', { hasText: 'yes' }).waitFor({ timeout: uiTimeout })
      expect(await userId(page)).toBe(id)

      await page.locator('#logout').click()
      await page.locator('#guest-login').waitFor({ timeout: uiTimeout })
    })
  })

  it("the demo app's own account signs in by custom JWT; the same app user is the same user; logging out ends both sessions", async () => {
    const name = `${demo}-alice-${run}`
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl(demo))
      await signInWithDemoAccount(page, name)
      const id = await userId(page)
      expect(id.startsWith(USER_DID_PREFIX), `a user id, got "${id}"`).toBe(true)
      expect(await page.locator('#user-guest').textContent()).toBe('no')

      // The app's session and Tessera's both survive a reload.
      await page.reload()
      await linkedAccountRow(page, 'custom_auth', name).waitFor({ timeout: uiTimeout })
      expect(await userId(page)).toBe(id)

      await page.locator('#logout').click()
      await page.locator('#custom-login').waitFor({ timeout: uiTimeout })
      // Still signed out after a reload: the app session is gone too, so custom auth does not sign back in.
      await page.reload()
      await page.locator('#custom-login').waitFor({ timeout: uiTimeout })
      expect(await page.locator('#signed-in').isVisible()).toBe(false)

      await signInWithDemoAccount(page, name)
      expect(await userId(page), 'the same app user signs in as the same Tessera user').toBe(id)
    })
  })
})
