/**
 * The remaining gates between a user and a session, in Chromium against the real server: a test-mode app
 * at its user limit ('Unable to sign in'), a login method the server refuses ('Not allowed'), required
 * terms ('One last step', accept and decline), the embedded ALTCHA CAPTCHA solved in the browser, and an
 * account transfer when a signed-in user links an email another user holds.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { t as captchaCopy } from '../../src/ui/copy/captcha.js'
import { t as errorCopy } from '../../src/ui/copy/errors.js'
import { t as termsCopy } from '../../src/ui/copy/terms.js'
import { t as transferCopy } from '../../src/ui/copy/transfer.js'
import { completeEmailLogin, completeSmsLogin, linkedAccountRow, typeCode, uiTimeout } from '../harness/demo-flows.js'
import { devOrigins } from '../harness/dev-stack.js'
import { startDemoServer, type DemoServer } from '../harness/demo-server.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { waitForCode } from '../harness/outbox.js'

const USER_LIMIT_APP_ID = 'e2e-user-limit-app-000001'
const SMS_ONLY_APP_ID = 'e2e-sms-only-app-00000001'
const TERMS_APP_ID = 'e2e-terms-app-00000000001'
const CAPTCHA_APP_ID = 'e2e-captcha-app-000000001'
const run = runId()

let stack: E2eStack
const demos: Record<string, DemoServer> = {}

beforeAll(async () => {
  stack = await startE2eStack({
    // The transfer scenario sends a second code to one address within the resend cooldown.
    api: { rateLimits: { resendCooldownSeconds: 0 } },
    extraApps: () => [
      { id: USER_LIMIT_APP_ID, name: 'Test mode', allowed_origins: devOrigins, login_methods: ['email'], user_limit: 1 },
      { id: SMS_ONLY_APP_ID, name: 'SMS only', allowed_origins: devOrigins, login_methods: ['sms'] },
      {
        id: TERMS_APP_ID,
        name: 'Terms',
        allowed_origins: devOrigins,
        login_methods: ['email'],
        require_users_accept_terms: true,
        terms_url: 'https://example.com/terms',
      },
      // A tiny proof of work keeps the solve quick on a loaded machine; the flow is the production one.
      { id: CAPTCHA_APP_ID, name: 'Captcha', allowed_origins: devOrigins, login_methods: ['email'], captcha: { provider: 'altcha', altcha_max_number: 2000 } },
    ],
  })
  for (const appId of [USER_LIMIT_APP_ID, SMS_ONLY_APP_ID, TERMS_APP_ID, CAPTCHA_APP_ID]) demos[appId] = await startDemoServer({ appId, apiUrl: stack.api.url })
})
afterAll(async () => {
  for (const demo of Object.values(demos)) await demo.close()
  await stack?.close()
})

const modalTitle = (page: Page, text: string) => page.locator('auth-modal [part~="title"]', { hasText: text })
const modalHidden = (page: Page) => page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })

async function openApp(page: Page, appId: string) {
  await page.goto(`http://localhost:${demos[appId]!.port}/vanilla/`)
  await page.locator('#login').click({ timeout: uiTimeout })
}

async function submitEmail(page: Page, email: string) {
  await page.locator('auth-modal [part~="email-input"]').fill(email, { timeout: uiTimeout })
  await page.locator('auth-modal [part~="submit-button"]').click()
}

describe('gates before a session', () => {
  it("a test-mode app at its user limit shows 'Unable to sign in' to a new user", async () => {
    await inNewPage(stack.browser, async (page) => {
      const first = `first-${run}@example.com`
      await openApp(page, USER_LIMIT_APP_ID)
      await completeEmailLogin(page, stack.api.url, first)
      await page.locator('#user-email', { hasText: first }).waitFor({ timeout: uiTimeout })
      await page.locator('#logout').click()

      const second = `second-${run}@example.com`
      await page.locator('#login').click({ timeout: uiTimeout })
      await submitEmail(page, second)
      await typeCode(page, await waitForCode(stack.api.url, second))
      await modalTitle(page, errorCopy('error.userLimit.title')).waitFor({ timeout: uiTimeout })
      expect(await page.locator('auth-modal [part~="error"]').textContent()).toBe(errorCopy('error.userLimit.description'))
      expect(await page.locator('#signed-in').isVisible()).toBe(false)
    })
  })

  it("a method the server refuses shows 'Not allowed' with 'Try another method'", async () => {
    await inNewPage(stack.browser, async (page) => {
      // The page holds a stale config that still offers email (the operator turned it off since): the server has the last word.
      await page.route(`${stack.api.url}/api/v1/apps/${SMS_ONLY_APP_ID}`, async (route) => {
        const response = await route.fetch()
        await route.fulfill({ response, json: { ...(await response.json()), email_auth: true } })
      })
      await openApp(page, SMS_ONLY_APP_ID)
      await submitEmail(page, `refused-${run}@example.com`)
      await modalTitle(page, errorCopy('error.notAllowed.title')).waitFor({ timeout: uiTimeout })
      expect(await page.locator('auth-modal [part~="error-action"]').textContent()).toBe(errorCopy('error.notAllowed.action'))
    })
  })

  it("required terms: 'One last step' after the code; accepting completes the sign-in", async () => {
    await inNewPage(stack.browser, async (page) => {
      const email = `accepts-${run}@example.com`
      await openApp(page, TERMS_APP_ID)
      await completeEmailLogin(page, stack.api.url, email)
      await modalTitle(page, termsCopy('terms.title')).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="terms-accept"]').click()
      await modalHidden(page)
      await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
      // The acceptance is on the server: a reload reads the user again and asks nothing.
      await page.reload()
      await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
      expect(await page.locator('auth-modal [part~="dialog"]').isVisible()).toBe(false)
    })
  })

  it('required terms: declining logs the new user out', async () => {
    await inNewPage(stack.browser, async (page) => {
      await openApp(page, TERMS_APP_ID)
      await completeEmailLogin(page, stack.api.url, `declines-${run}@example.com`)
      await modalTitle(page, termsCopy('terms.title')).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="terms-decline"]').click()
      await modalHidden(page)
      await page.locator('#login').waitFor({ timeout: uiTimeout })
      expect(await page.locator('#signed-in').isVisible()).toBe(false)
    })
  })

  it('the embedded CAPTCHA is solved in the browser and its token accepted by the server', async () => {
    await inNewPage(stack.browser, async (page) => {
      const email = `human-${run}@example.com`
      await openApp(page, CAPTCHA_APP_ID)
      await submitEmail(page, email)
      await modalTitle(page, captchaCopy('captcha.checking')).waitFor({ timeout: uiTimeout })
      await typeCode(page, await waitForCode(stack.api.url, email))
      await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
    })
  })
})

describe('account transfer', () => {
  it('linking an email another user holds offers the transfer; accepting moves it and the other user is gone', async () => {
    const email = `moving-${run}@example.com`
    await inNewPage(stack.browser, async (page) => {
      // The email's first owner.
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      await completeEmailLogin(page, stack.api.url, email)
      await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
      const firstOwner = await page.locator('#user-id').textContent()
      // The dev app gives every new user an embedded wallet: the transfer would delete it with its user.
      const firstOwnerWallet = page.locator('#embedded-wallets li[data-chain="ethereum"] .address')
      await firstOwnerWallet.waitFor({ timeout: uiTimeout })
      const firstOwnerAddress = await firstOwnerWallet.textContent()
      await page.locator('#logout').click()

      // Another user, by phone, links the same email.
      await page.locator('#login').click({ timeout: uiTimeout })
      await completeSmsLogin(page, stack.api.url, '6502530031', '+16502530031')
      await linkedAccountRow(page, 'phone', '+16502530031').waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      const secondUser = await page.locator('#user-id').textContent()
      await page.locator('#link-email').click()
      await submitEmail(page, email)
      await typeCode(page, await waitForCode(stack.api.url, email, { previousCount: 1 }))
      await modalTitle(page, transferCopy('transfer.title', { account: transferCopy('transfer.account.email') })).waitFor({ timeout: uiTimeout })
      // The other user's wallet is disclosed: 'Continue' leads to the assets screen, which shows its address.
      await page.locator('auth-modal [part~="transfer-continue"]').click()
      await modalTitle(page, transferCopy('transfer.assets.title')).waitFor({ timeout: uiTimeout })
      expect((await page.locator('auth-modal [part~="transfer-address"]').textContent())?.toLowerCase()).toContain(firstOwnerAddress?.toLowerCase())
      await page.locator('auth-modal [part~="transfer-confirm"]').click()
      await page.locator('auth-modal [part~="transfer-confirm"]', { hasText: transferCopy('transfer.success') }).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      await linkedAccountRow(page, 'email', email).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#user-id').textContent()).toBe(secondUser)

      // Signing in with the email now reaches the user who took it, not its first owner.
      await page.locator('#logout').click()
      await page.locator('#login').click({ timeout: uiTimeout })
      await submitEmail(page, email)
      await typeCode(page, await waitForCode(stack.api.url, email, { previousCount: 2 }))
      await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
      const owner = await page.locator('#user-id').textContent()
      expect(owner).toBe(secondUser)
      expect(owner).not.toBe(firstOwner)
    })
  })
})
