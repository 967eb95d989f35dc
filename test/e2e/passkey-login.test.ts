/**
 * Passkeys in Chromium against the real server, with Chromium's virtual authenticator (CTAP2, resident keys,
 * user verification) standing in for the device: sign up from the modal's choice screen, log out, sign in
 * again with the same passkey; link a passkey to an email user and unlink it; a rejected ceremony shows
 * 'Passkey request timed out or rejected by user.' with a retry. The React demo does the same headless
 * through useSignupWithPasskey, useLoginWithPasskey, useLinkWithPasskey and useUnlinkAccount.
 * The demo page is on localhost, the dev app's relying party.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeEmailLogin, landingRow, linkedAccountRow, modalHidden, modalPart, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
const run = runId()

beforeAll(async () => {
  stack = await startE2eStack({ react: true })
})
afterAll(async () => {
  await stack?.close()
})

interface VirtualAuthenticator {
  credentialCount(): Promise<number>
  setUserVerified(verified: boolean): Promise<void>
  /** Takes the device away (a second passkey for the same user needs another authenticator). */
  remove(): Promise<void>
}

/** A platform authenticator that holds discoverable credentials and verifies the user (a fingerprint that always matches). */
async function addAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    remove: async () => void (await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })),
    credentialCount: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
    setUserVerified: async (isUserVerified) => void (await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified })),
  }
}

const modal = modalPart
const userId = async (page: Page) => (await page.locator('#user-id').textContent()) ?? ''
const passkeyRows = (page: Page) => page.locator('#linked-accounts li[data-type="passkey"]')

/** The landing's passkey row, behind the overflow button when the landing's rows are full. */
const passkeyButton = (page: Page) => landingRow(page, modal(page, 'passkey-button'))

async function logout(page: Page) {
  await page.locator('#logout').click({ timeout: uiTimeout })
  await page.locator('#login').waitFor({ timeout: uiTimeout })
}

describe('passkeys on the vanilla demo (the modal)', () => {
  it('signs up from the choice screen, logs out and signs in again with the same passkey', async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const authenticator = await addAuthenticator(context, page)
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      // Passkey sign-up is on for the dev app: the row offers 'Continue with passkey' and asks first.
      const row = await passkeyButton(page)
      expect(await row.textContent()).toContain('Continue with passkey')
      await row.click()
      await page.locator('auth-modal').getByRole('heading', { name: 'Log in or create a new account?' }).waitFor({ timeout: uiTimeout })
      await modal(page, 'passkey-signup-button').filter({ hasText: 'Create new account' }).click()
      await passkeyRows(page).first().waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      const id = await userId(page)
      expect(await passkeyRows(page).count()).toBe(1)
      expect(await authenticator.credentialCount(), 'the passkey lives on the authenticator').toBe(1)

      await logout(page)
      await page.locator('#login').click()
      const again = await passkeyButton(page)
      expect(await again.textContent(), "the last sign-in was a passkey: the 'Recent' chip").toContain('Recent')
      await again.click()
      await modal(page, 'passkey-login-button').filter({ hasText: 'Log in with a passkey' }).click({ timeout: uiTimeout })
      await passkeyRows(page).first().waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      expect(await userId(page), 'the same user').toBe(id)
    })
  })

  it('links a passkey to an email user from the Link button, then unlinks it', async () => {
    const email = `passkey-link-${run}@example.com`
    await inNewPage(stack.browser, async (page, context) => {
      await addAuthenticator(context, page)
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      await completeEmailLogin(page, stack.api.url, email)
      await linkedAccountRow(page, 'email', email).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      const id = await userId(page)

      // The link request opens on the passkey screen, which starts the ceremony by itself.
      await page.locator('#link-passkey').click()
      await passkeyRows(page).first().waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      expect(await userId(page), 'linking keeps the user').toBe(id)
      expect(await page.locator('#linked-accounts li').count()).toBe(2)

      await passkeyRows(page).locator('button.unlink').click()
      await passkeyRows(page).waitFor({ state: 'detached', timeout: uiTimeout })
      await page.reload()
      await linkedAccountRow(page, 'email', email).waitFor({ timeout: uiTimeout })
      expect(await passkeyRows(page).count(), 'the server forgot it too').toBe(0)
      expect(await page.locator('#action-error').isVisible()).toBe(false)
    })
  })

  it("a refused ceremony shows 'Passkey request timed out or rejected by user.' and the retry succeeds", async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const authenticator = await addAuthenticator(context, page)
      // The dev app prefers user verification; an authenticator that cannot verify the user refuses a credential that requires it.
      await authenticator.setUserVerified(false)
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      await (await passkeyButton(page)).click()
      await modal(page, 'passkey-signup-button').click({ timeout: uiTimeout })
      const error = modal(page, 'passkey-error')
      await error.waitFor({ timeout: uiTimeout })
      expect(await error.textContent()).toBe('Passkey request timed out or rejected by user.')
      await page.locator('auth-modal').getByRole('heading', { name: 'Something went wrong' }).waitFor()

      await authenticator.setUserVerified(true)
      await modal(page, 'retry-button').filter({ hasText: 'Try again' }).click()
      await passkeyRows(page).first().waitFor({ timeout: uiTimeout })
      await modalHidden(page)
    })
  })
})

describe('passkeys on the React demo (the hooks)', () => {
  it('signs up, logs out, signs in again, links a second passkey and unlinks it', async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const authenticator = await addAuthenticator(context, page)
      await page.goto(stack.pageUrl('react'))
      await page.locator('#passkey-signup').click({ timeout: uiTimeout })
      await passkeyRows(page).first().waitFor({ timeout: uiTimeout })
      const id = await userId(page)

      await logout(page)
      await page.locator('#passkey-login').click()
      await passkeyRows(page).first().waitFor({ timeout: uiTimeout })
      expect(await userId(page)).toBe(id)

      // A second device: the first one already holds this user's passkey, which link excludes.
      await authenticator.remove()
      const secondDevice = await addAuthenticator(context, page)
      await page.locator('#link-passkey').click()
      await expect.poll(() => passkeyRows(page).count(), { timeout: uiTimeout }).toBe(2)
      expect(await secondDevice.credentialCount()).toBe(1)
      await passkeyRows(page).last().locator('button.unlink').click()
      await expect.poll(() => passkeyRows(page).count(), { timeout: uiTimeout }).toBe(1)
      expect(await page.locator('#action-error').isVisible()).toBe(false)
    })
  })
})
