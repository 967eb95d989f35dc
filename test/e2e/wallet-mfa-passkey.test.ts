/**
 * Passkey wallet-action MFA end to end in Chromium on the vanilla demo (wallet spec, "Screens and routes" and "States and transitions"; docs/security.md #49–#52), with
 * Chromium's virtual authenticator as the user's device (the demo page is on localhost, the dev app's relying party):
 * 'Set up passkey verification' adds a passkey that 'Your passkeys' lists as used for verification; the passkey
 * cannot be unlinked while enrolled; a signature is challenged and 'Verifying with passkey' approves it, after a
 * refused assertion showed the error with 'Try again'. On a second device (the same passkey carried over), adding an
 * authenticator app needs the passkey's approval, and with two methods every removal asks: a failing passkey offers
 * 'Choose another method', the app's code removes the app, and the passkey approves its own removal.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoEthereumAddress, modalHidden, signatureAfter, signInOnDemo, typeCode, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { authenticatorApp } from '../harness/totp.js'

const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
beforeAll(async () => {
  // The user signs in twice with one address (the second device) within the resend cooldown.
  stack = await startE2eStack({ api: { rateLimits: { resendCooldownSeconds: 0 } } })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** A credential as Chromium's WebAuthn domain hands it out (its private key included) and takes it back. */
interface VirtualCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  privateKey: string
  userHandle?: string
  signCount: number
}

interface VirtualAuthenticator {
  credentials(): Promise<VirtualCredential[]>
  /** false: the authenticator cannot verify the user, so an MFA assertion (user verification required) is refused. */
  setUserVerified(verified: boolean): Promise<void>
}

/** A platform authenticator holding discoverable credentials (`carried`: the passkeys of the user's other device). */
async function addAuthenticator(context: BrowserContext, page: Page, carried: VirtualCredential[] = []): Promise<VirtualAuthenticator> {
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
  for (const credential of carried) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
    setUserVerified: async (isUserVerified) => void (await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified })),
  }
}

/** The MFA verifications the server accepted in this page's context, by method path ('passkeys', 'totp'). */
function recordVerifications(context: BrowserContext): string[] {
  const verified: string[] = []
  context.on('response', (response) => {
    const match = /\/api\/v1\/mfa\/([a-z_]+)\/verify$/.exec(new URL(response.url()).pathname)
    if (match && response.ok()) verified.push(match[1]!)
  })
  return verified
}

/** A visible modal part: a verification covers the step it interrupts, which stays mounted (hidden) underneath. */
const visiblePart = (page: Page, part: string): Locator => page.locator(`auth-modal [part~="${part}"]:visible`)
const title = (page: Page, text: string) => visiblePart(page, 'title').filter({ hasText: text })

/** The refused assertion's screen: 'Verifying with passkey' with its prompt, the passkey's date and the error. */
async function expectRefusedPasskey(page: Page): Promise<void> {
  await title(page, 'Verifying with passkey').waitFor({ timeout: walletTimeout })
  expect(await visiblePart(page, 'mfa-status').textContent()).toBe('Approve this action using your touch, face, PIN, or hardware key')
  expect(await visiblePart(page, 'mfa-passkey-added').textContent()).toMatch(/^Passkey added \S/)
  const error = visiblePart(page, 'mfa-error')
  await error.waitFor({ timeout: walletTimeout })
  // The page's own error line says whether the operation itself ended meanwhile.
  expect(await error.textContent(), `page error: ${await page.locator('#action-error').textContent()}`).toBe('Something went wrong.')
  expect(await visiblePart(page, 'mfa-retry').textContent()).toBe('Try again')
}

async function openTransactionProtection(page: Page): Promise<void> {
  await page.locator('#enroll-mfa').click()
  await title(page, 'Transaction Protection').waitFor({ timeout: uiTimeout })
}

describe('passkey MFA on the vanilla demo', () => {
  it('enrols a passkey that approves a signature after a refused try; a second device must verify before adding or removing methods', async () => {
    const email = `e2e-mfa-passkey-${runId()}@example.com`
    let address = ''
    let passkeys: VirtualCredential[] = []

    await inNewPage(stack.browser, async (page, context) => {
      const authenticator = await addAuthenticator(context, page)
      const verified = recordVerifications(context)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      address = await demoEthereumAddress(page)

      // 'Set up passkey verification': no passkey yet; 'Add new passkey' links one and enrols it.
      await openTransactionProtection(page)
      await visiblePart(page, 'mfa-method-passkey').click()
      await title(page, 'Set up passkey verification').waitFor({ timeout: uiTimeout })
      const body = visiblePart(page, 'body')
      expect(await body.textContent()).toContain('Your passkeys')
      expect(await body.textContent()).toContain('You have no passkeys yet.')
      await visiblePart(page, 'mfa-add-passkey').filter({ hasText: 'Add new passkey' }).click()
      await visiblePart(page, 'mfa-enrolled').filter({ hasText: 'Passkeys updated' }).waitFor({ timeout: walletTimeout })
      const listed = visiblePart(page, 'mfa-passkey')
      expect(await listed.count()).toBe(1)
      expect(await listed.textContent()).toMatch(/Added \S.*Used for verification$/)
      expect(await authenticator.credentials(), 'the passkey lives on the authenticator').toHaveLength(1)
      await visiblePart(page, 'back-button').click()
      await title(page, 'Transaction Protection').waitFor({ timeout: uiTimeout })
      expect(await visiblePart(page, 'mfa-method-passkey').textContent()).toContain('Enabled')
      await visiblePart(page, 'mfa-done').click()
      await modalHidden(page)
      await page.locator('#mfa-methods li[data-method="passkey"]').waitFor({ timeout: uiTimeout })

      // A passkey enrolled in MFA cannot be unlinked.
      await page.locator('#linked-accounts li[data-type="passkey"] button.unlink').click()
      await page.locator('#action-error:not([hidden])', { hasText: 'Cannot unlink a passkey enrolled in MFA' }).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#linked-accounts li[data-type="passkey"]').count()).toBe(1)

      // The signature is challenged: the passkey prompt starts by itself; refused once, 'Try again' approves it.
      await authenticator.setUserVerified(false)
      const signature = await signatureAfter(page, async () => {
        await expectRefusedPasskey(page)
        // One method: nothing else to choose.
        expect(await visiblePart(page, 'mfa-choose-another').count()).toBe(0)
        await authenticator.setUserVerified(true)
        await visiblePart(page, 'mfa-retry').click()
      })
      expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
      await modalHidden(page)
      expect(verified).toEqual(['passkeys'])
      // Carried over as it is now: the server refuses an assertion whose signature counter went backwards (a clone).
      passkeys = await authenticator.credentials()
    })

    // A second device with the same passkey: this session has verified nothing yet.
    await inNewPage(stack.browser, async (page, context) => {
      const authenticator = await addAuthenticator(context, page, passkeys)
      const verified = recordVerifications(context)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email, { previousCount: 1 })
      expect(await demoEthereumAddress(page)).toBe(address)

      // Adding an authenticator app: the app's code, then the enrolled passkey must approve the change.
      await authenticator.setUserVerified(false)
      await openTransactionProtection(page)
      await visiblePart(page, 'mfa-method-totp').click()
      const setupKey = visiblePart(page, 'mfa-setup-key')
      await setupKey.waitFor({ timeout: walletTimeout })
      const { nextCode } = authenticatorApp((await setupKey.textContent())!)
      await visiblePart(page, 'mfa-continue').click()
      await typeCode(page, await nextCode())
      await expectRefusedPasskey(page)
      expect(await visiblePart(page, 'mfa-choose-another').count()).toBe(0)
      await authenticator.setUserVerified(true)
      await visiblePart(page, 'mfa-retry').click()
      await visiblePart(page, 'mfa-enrolled').waitFor({ timeout: walletTimeout })
      expect(verified).toEqual(['passkeys'])
      await visiblePart(page, 'mfa-done').click()
      await modalHidden(page)
      await page.locator('#mfa-methods li[data-method="totp"]').waitFor({ timeout: uiTimeout })

      // Two methods: removing one asks first. The first enrolled (the passkey) fails; the app's code removes the app.
      await authenticator.setUserVerified(false)
      await openTransactionProtection(page)
      await visiblePart(page, 'mfa-remove-totp').click()
      await title(page, 'Remove authenticator app?').waitFor({ timeout: uiTimeout })
      await visiblePart(page, 'mfa-confirm-remove').click()
      await expectRefusedPasskey(page)
      await visiblePart(page, 'mfa-choose-another').filter({ hasText: 'Choose another method' }).click()
      await title(page, 'Verify your identity').waitFor({ timeout: uiTimeout })
      expect(await visiblePart(page, 'body').textContent()).toContain('Choose a verification method')
      expect(await visiblePart(page, 'mfa-method').allTextContents()).toEqual(['Passkey', 'Authenticator app'])
      await visiblePart(page, 'mfa-method-totp').click()
      await title(page, 'Enter verification code').waitFor({ timeout: uiTimeout })
      await typeCode(page, await nextCode())
      await title(page, 'Transaction Protection').waitFor({ timeout: walletTimeout })
      await expect.poll(() => visiblePart(page, 'mfa-remove-totp').count(), { timeout: uiTimeout }).toBe(0)
      expect(verified).toEqual(['passkeys', 'totp'])

      // Removing the passkey method asks again, though this session just verified; the passkey approves it.
      await authenticator.setUserVerified(true)
      await visiblePart(page, 'mfa-remove-passkey').click()
      await title(page, 'Remove passkey verification?').waitFor({ timeout: uiTimeout })
      await visiblePart(page, 'mfa-confirm-remove').click()
      await title(page, 'Transaction Protection').waitFor({ timeout: walletTimeout })
      await expect.poll(() => visiblePart(page, 'mfa-remove-passkey').count(), { timeout: uiTimeout }).toBe(0)
      expect(verified).toEqual(['passkeys', 'totp', 'passkeys'])
      await visiblePart(page, 'mfa-done').click()
      await modalHidden(page)
      await expect.poll(() => page.locator('#mfa-methods li').count(), { timeout: uiTimeout }).toBe(0)

      // Without a method, signing asks nothing, and the passkey (no longer enrolled) can be unlinked.
      const signature = await signatureAfter(page, async () => {})
      expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
      expect(verified).toHaveLength(3)
      await page.locator('#linked-accounts li[data-type="passkey"] button.unlink').click()
      await page.locator('#linked-accounts li[data-type="passkey"]').waitFor({ state: 'detached', timeout: uiTimeout })
    })
  }, 300_000)
})
