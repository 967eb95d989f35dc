/**
 * Cross-app accounts end to end: the vanilla demo (the dev app, on localhost) signs in with, links and
 * unlinks an account of the dev provider app, whose page (the demo's stand-in for the provider's own site,
 * on 127.0.0.1) opens in the popup, signs the user in to the provider app by email, and asks for consent.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeEmailLogin, signInOnDemo, uiTimeout } from '../harness/demo-flows.js'
import { DEV_PROVIDER_APP_ID } from '../harness/dev-stack.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
const run = runId()

beforeAll(async () => {
  // Two email sign-ins per scenario on a loaded machine: a retried send must not meet the resend cooldown.
  stack = await startE2eStack({ api: { rateLimits: { resendCooldownSeconds: 0 } } })
})
afterAll(async () => {
  await stack?.close()
})

const crossAppRow = (page: Page) => page.locator('#linked-accounts li[data-type="cross_app"]')

/** The landing's provider button, behind the overflow ('Other socials') when the landing is full. */
async function crossAppButton(page: Page) {
  const button = page.locator('auth-modal [part~="cross-app-button"]')
  const overflow = page.locator('auth-modal [part~="overflow-button"]')
  await button.or(overflow).first().waitFor({ timeout: uiTimeout })
  if (!(await button.isVisible())) await overflow.click()
  await button.waitFor({ timeout: uiTimeout })
  return button
}

/** In the provider's popup: sign in to the provider app by email, then allow; the popup posts back and closes. */
async function consentInPopup(popup: Page, email: string) {
  // The popup opens blank (inside the click) and is sent to the provider page once the request is ready.
  await popup.waitForURL(/\/vanilla\/cross-app-provider\.html/, { timeout: uiTimeout })
  expect(new URL(popup.url()).origin, 'the provider page is another origin').toBe(`http://127.0.0.1:${stack.demo.port}`)
  expect(new URL(popup.url()).searchParams.get('app_id')).toBe(DEV_PROVIDER_APP_ID)
  await completeEmailLogin(popup, stack.api.url, email)
  await popup.locator('#provider-consent-text', { hasText: 'wants to use your Tessera Provider Demo account' }).waitFor({ timeout: uiTimeout })
  const closed = popup.waitForEvent('close', { timeout: uiTimeout })
  await popup.locator('#provider-allow').click()
  await closed
}

describe('cross-app accounts with the dev provider app', () => {
  it('signs in from the landing button showing the provider app, through its popup', async () => {
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      const button = await crossAppButton(page)
      expect(await button.textContent()).toContain('Tessera Provider Demo')
      const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
      await button.click()
      const popup = await popupOpened
      await page.locator('auth-modal [part~="cross-app-status"]', { hasText: 'Log in and confirm in the Tessera Provider Demo window' }).waitFor({ timeout: uiTimeout })
      await consentInPopup(popup, `cross-app-login-${run}@example.com`)
      await crossAppRow(page).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })
      const account = await page.evaluate(`import('/tessera.js').then((tessera) =>
        tessera.getOrCreateClient(window.TESSERA_DEMO).getAuth().user.linkedAccounts.find((a) => a.type === 'cross_app'))`) as { subject: string; providerApp: { id: string; name: string } }
      expect(account.subject).toMatch(/^did:privy:/)
      expect(account.providerApp).toMatchObject({ id: DEV_PROVIDER_APP_ID, name: 'Tessera Provider Demo' })
    })
  })

  it('links a provider account to a signed-in user, then unlinks it', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `cross-app-linker-${run}@example.com`)
      await page.locator('#cross-app-links button', { hasText: 'Link Tessera Provider Demo' }).click({ timeout: uiTimeout })
      // The link request opens on the cross-app screen; its button opens the popup (inside the click).
      const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
      await page.locator('auth-modal [part~="submit-button"]', { hasText: 'Connect your Tessera Provider Demo account' }).click({ timeout: uiTimeout })
      await consentInPopup(await popupOpened, `cross-app-linked-${run}@example.com`)
      await crossAppRow(page).waitFor({ timeout: uiTimeout })
      await crossAppRow(page).locator('button.unlink').click()
      await crossAppRow(page).waitFor({ state: 'detached', timeout: uiTimeout })
      await page.locator('#linked-accounts li[data-type="email"]').waitFor({ timeout: uiTimeout })
    })
  })

  it('shows the rejection when the popup is closed', async () => {
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
      await (await crossAppButton(page)).click()
      const popup = await popupOpened
      await popup.waitForURL(/\/vanilla\/cross-app-provider\.html/, { timeout: uiTimeout })
      await popup.close()
      await page.locator('auth-modal [part~="cross-app-error"]', { hasText: 'User rejected request' }).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="title"]', { hasText: 'Could not connect to Tessera Provider Demo' }).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="retry-button"]').waitFor({ timeout: uiTimeout })
    })
  })
})
