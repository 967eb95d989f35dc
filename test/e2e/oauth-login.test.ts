/**
 * OAuth sign-in through the real local provider (`oidc-provider`, consenting at once as the account the
 * test chose): google-like OIDC by full-page redirect and by the modal's popup, github-like OAuth2 by
 * popup from the React demo. After each, the page is signed in and its address carries no return params.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OAUTH_POPUP_SIZE, oauthReturnParams } from '../../src/protocol/index.js'
import { landingRow, linkedAccountRow, modalPart, recordPopupFeatures, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type DemoName, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
const run = runId()

beforeAll(async () => {
  stack = await startE2eStack({ react: true })
})
afterAll(async () => {
  await stack?.close()
})

/** Fails when the page's address still holds an OAuth return parameter. */
function expectCleanAddress(page: Page) {
  const leftovers = [...new URL(page.url()).searchParams.keys()].filter((key) => Object.values(oauthReturnParams).includes(key as never))
  expect(leftovers, `return params left in ${page.url()}`).toEqual([])
}

/** Presses the modal's provider button and follows the popup until it posts back and closes. */
async function signInByPopup(page: Page, demo: DemoName, provider: 'google' | 'github') {
  await recordPopupFeatures(page)
  await page.goto(stack.pageUrl(demo))
  await page.locator('#login').click({ timeout: uiTimeout })
  const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
  await (await landingRow(page, modalPart(page, `${provider}-button`))).click({ timeout: uiTimeout })
  const popup = await popupOpened
  // The provider consents at once; the popup lands on the demo page, which posts the return to the opener and closes.
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: uiTimeout })
  const features = (await page.evaluate(() => (window as unknown as { e2ePopupFeatures: string[] }).e2ePopupFeatures)).join(' | ')
  expect(features, 'the popup is 440×680').toMatch(new RegExp(`width=${OAUTH_POPUP_SIZE.width},height=${OAUTH_POPUP_SIZE.height}`))
}

describe('OAuth sign-in with the local provider', () => {
  it('google-like OIDC by full-page redirect from client.auth.oauth.start: back on the demo, signed in, clean address', async () => {
    const email = `google-redirect-${run}@example.com`
    stack.provider.signInAs({ sub: `g-redirect-${run}`, email, email_verified: true, name: 'Redirect User' })
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').waitFor({ timeout: uiTimeout })
      // The shared client the demo uses; the page leaves for the provider, so nothing is awaited in it. (A
      // string, so the test runner does not rewrite the page's dynamic import.)
      await page.evaluate(`void import('/tessera.js').then((tessera) =>
        tessera.getOrCreateClient(window.TESSERA_DEMO).auth.oauth.start('google', { popup: false }))`)
      await linkedAccountRow(page, 'google_oauth', email).waitFor({ timeout: uiTimeout })
      expect(new URL(page.url()).pathname).toBe('/vanilla/')
      expectCleanAddress(page)
      // The modal stays closed after a redirect started from code.
      expect(await page.locator('auth-modal [part~="dialog"]').isVisible()).toBe(false)
      // The session is stored: a reload keeps it.
      await page.reload()
      await linkedAccountRow(page, 'google_oauth', email).waitFor({ timeout: uiTimeout })
    })
  })

  it("google-like OIDC by the modal's popup on the vanilla demo", async () => {
    const email = `google-popup-${run}@example.com`
    stack.provider.signInAs({ sub: `g-popup-${run}`, email, email_verified: true, name: 'Popup User' })
    await inNewPage(stack.browser, async (page) => {
      await signInByPopup(page, 'vanilla', 'google')
      await linkedAccountRow(page, 'google_oauth', email).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })
      expectCleanAddress(page)
    })
  })

  it("github-like OAuth2 by the modal's popup on the React demo", async () => {
    const login = `octo-${run}`
    stack.provider.signInAs({ sub: `4${Date.now() % 1_000_000}`, login, email: `${login}@example.com`, email_verified: true, name: 'Octo Cat' })
    await inNewPage(stack.browser, async (page) => {
      await signInByPopup(page, 'react', 'github')
      await linkedAccountRow(page, 'github_oauth', `${login}@example.com`).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })
      expectCleanAddress(page)
    })
  })
})
