/**
 * Apps that refuse a sign-in show the spec's screens in the modal: an allowlisted app refuses an email not
 * on its list with the allowlist-denied screen (and lets a listed one in); an app with sign-up disabled
 * answers a new email with 'Account not found'. Each app gets its own demo page (the vanilla demo served
 * with that app's id).
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { t } from '../../src/ui/copy/errors.js'
import { uiTimeout, typeCode } from '../harness/demo-flows.js'
import { devOrigins } from '../harness/dev-stack.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { waitForCode } from '../harness/outbox.js'

const ALLOWLIST_APP_ID = 'e2e-allowlist-app-0000001'
const NO_SIGNUP_APP_ID = 'e2e-no-signup-app-0000001'
const run = runId()
const listedEmail = `listed-${run}@example.com`

let stack: E2eStack
const demos: Record<string, DemoServer> = {}

beforeAll(async () => {
  stack = await startE2eStack({
    extraApps: () => [
      {
        id: ALLOWLIST_APP_ID,
        name: 'Invite only',
        allowed_origins: devOrigins,
        login_methods: ['email'],
        allowlist: { enabled: true, entries: [listedEmail], error_title: null, error_detail: null, cta_text: null, cta_link: null },
      },
      { id: NO_SIGNUP_APP_ID, name: 'Members only', allowed_origins: devOrigins, login_methods: ['email'], signup_disabled: true },
    ],
  })
  for (const appId of [ALLOWLIST_APP_ID, NO_SIGNUP_APP_ID]) demos[appId] = await startDemoServer({ appId, apiUrl: stack.api.url })
})
afterAll(async () => {
  for (const demo of Object.values(demos)) await demo.close()
  await stack?.close()
})

/** Opens the app's demo, asks for a code for `email` and types it when the code screen comes (a refusal may come first). */
async function tryEmailSignIn(page: Page, appId: string, email: string) {
  await page.goto(`http://localhost:${demos[appId]!.port}/vanilla/`)
  await page.locator('#login').click({ timeout: uiTimeout })
  await page.locator('auth-modal [part~="email-input"]').fill(email, { timeout: uiTimeout })
  await page.locator('auth-modal [part~="submit-button"]').click()
  const codeBoxes = page.locator('auth-modal [part~="code-input"]')
  const refusal = page.locator('auth-modal [part~="error-action"]')
  await codeBoxes.or(refusal).first().waitFor({ timeout: uiTimeout })
  if (await codeBoxes.isVisible()) await typeCode(page, await waitForCode(stack.api.url, email))
}

const modalTitle = (page: Page, text: string) => page.locator('auth-modal [part~="title"]', { hasText: text })

describe('refused sign-ins', () => {
  it('an allowlisted app shows the allowlist-denied screen for an email not on its list', async () => {
    await inNewPage(stack.browser, async (page) => {
      await tryEmailSignIn(page, ALLOWLIST_APP_ID, `stranger-${run}@example.com`)
      await modalTitle(page, t('error.allowlist.title')).waitFor({ timeout: uiTimeout })
      expect(await page.locator('auth-modal [part~="error-action"]').textContent()).toContain(t('error.allowlist.action'))
      expect(await page.locator('#signed-in').isVisible()).toBe(false)
    })
  })

  it('the allowlisted app lets an email on its list in', async () => {
    await inNewPage(stack.browser, async (page) => {
      await tryEmailSignIn(page, ALLOWLIST_APP_ID, listedEmail)
      await page.locator('#user-email', { hasText: listedEmail }).waitFor({ timeout: uiTimeout })
    })
  })

  it("an app with sign-up disabled shows 'Account not found' for a new email", async () => {
    await inNewPage(stack.browser, async (page) => {
      await tryEmailSignIn(page, NO_SIGNUP_APP_ID, `newcomer-${run}@example.com`)
      await modalTitle(page, t('error.accountNotFound.title')).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#signed-in').isVisible()).toBe(false)
    })
  })
})
