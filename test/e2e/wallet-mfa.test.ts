/**
 * Wallet-action MFA end to end in Chromium on the vanilla demo (wallet spec, "Screens and routes", "States and transitions" and "The error catalogue"; docs/security.md #49–#52): a user
 * enrols an authenticator app from the demo (the setup key read off the screen, the codes computed by the test's
 * own RFC 6238 helper), then 'Sign a message' asks 'Enter verification code': a wrong code is not valid, the right
 * one lets the signature through. Another browser context signed in as the same user is challenged again (a
 * verification unlocks only the session that made it), and removing the method asks for a verification first.
 * SMS MFA goes the same way with the codes of the dev SMS outbox.
 */
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  demoEthereumAddress,
  enrolAuthenticatorAppOnDemo,
  modalHidden,
  modalPart,
  signatureAfter,
  signInOnDemo,
  typeCode,
  uiTimeout,
  walletTimeout,
} from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { waitForCode } from '../harness/outbox.js'
import { type authenticatorApp, hotp, totpCode, totpStep, TOTP_STEP_SECONDS } from '../harness/totp.js'

const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
beforeAll(async () => {
  // The user signs in twice with one address (the second device) within the resend cooldown.
  stack = await startE2eStack({ api: { rateLimits: { resendCooldownSeconds: 0 } } })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/**
 * Records what the host page hears from the wallet frame (every message its top window receives) and the MFA tokens
 * the server issues: a token belongs to the frame alone (it is sent only to the server, never to the page).
 */
async function recordTokens(page: Page): Promise<{ tokens: string[]; hostMessages(): Promise<string> }> {
  const tokens: string[] = []
  page.context().on('response', (response) => {
    if (/\/api\/v1\/mfa\/[a-z_]+\/verify$/.test(new URL(response.url()).pathname) && response.ok())
      void response
        .json()
        .then((body: { token: string }) => void tokens.push(body.token))
        .catch(() => undefined)
  })
  await page.addInitScript(() => {
    if (window !== window.top) return
    const heard: string[] = ((window as unknown as { heard: string[] }).heard = [])
    addEventListener('message', (event) => void heard.push(JSON.stringify(event.data)), true)
  })
  return {
    tokens,
    hostMessages: () =>
      page.evaluate(() =>
        JSON.stringify({
          heard: (window as unknown as { heard: string[] }).heard,
          local: { ...localStorage },
          session: { ...sessionStorage },
          cookies: document.cookie,
        }),
      ),
  }
}

const title = (page: Page, text: string) => modalPart(page, 'title').filter({ hasText: text }).first()

/** Waits until the code boxes are empty and enabled again (after an invalid code), then types `code`. */
async function retypeCode(page: Page, code: string): Promise<void> {
  await page.locator('auth-modal [part~="code-input"] input:not([disabled])').first().waitFor({ timeout: uiTimeout })
  await page.waitForFunction(
    () => {
      const boxes = [...(document.querySelector('auth-modal')?.shadowRoot?.querySelectorAll<HTMLInputElement>('[part~="code-input"] input') ?? [])]
      return boxes.length === 6 && boxes.every((box) => box.value === '' && !box.disabled)
    },
    undefined,
    { timeout: uiTimeout },
  )
  await typeCode(page, code)
}

describe('wallet-action MFA on the vanilla demo', () => {
  it('the test authenticator follows RFC 6238 (SHA-1 vectors of appendix B)', () => {
    const seed = Buffer.from('12345678901234567890', 'ascii')
    expect(hotp(seed, totpStep(59_000), 8)).toBe('94287082')
    expect(hotp(seed, totpStep(1_111_111_109_000), 8)).toBe('07081804')
    expect(hotp(seed, totpStep(2_000_000_000_000), 8)).toBe('69279037')
    // The same seed as the base32 setup key a screen would show.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', totpStep(59_000))).toBe('287082')
    expect(TOTP_STEP_SECONDS).toBe(30)
  })

  it('enrols an authenticator app, signs only after verifying, is challenged again in another session, and removes the method after verifying', async () => {
    const email = `e2e-mfa-${runId()}@example.com`
    let app: ReturnType<typeof authenticatorApp> | undefined
    let address = ''

    await inNewPage(stack.browser, async (page) => {
      const recording = await recordTokens(page)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      address = await demoEthereumAddress(page)

      // Enrolment from the demo: 'Transaction Protection', the QR code with its setup key, then the app's first code.
      app = await enrolAuthenticatorAppOnDemo(page)

      // A signature now needs a verification: a wrong code is refused, the right one lets it through.
      const signature = await signatureAfter(page, async () => {
        await title(page, 'Enter verification code').waitFor({ timeout: walletTimeout })
        await typeCode(page, app!.wrongCode())
        await page.locator('auth-modal #tessera-code-error', { hasText: 'The code you entered is not valid' }).waitFor({ timeout: walletTimeout })
        await retypeCode(page, await app!.nextCode())
      })
      expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
      await modalHidden(page)

      // The verification lasts for this session: the next signature asks nothing.
      await signatureAfter(page, async () => {})
      expect(await page.locator('auth-modal').getAttribute('open')).toBeNull()

      // The MFA token stayed in the frame: the page heard the frame's answers, never the token.
      expect(recording.tokens).toHaveLength(1)
      const host = await recording.hostMessages()
      // The frame's answers reached the page (the recording works)...
      expect((JSON.parse(host) as { heard: string[] }).heard.length).toBeGreaterThan(0)
      expect(host).not.toContain(recording.tokens[0])
    })

    // docs/security.md #49: another session of the same user (a new browser context, so also a new device for the wallet) is
    // challenged again before its first signature.
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="email-input"]').fill(email, { timeout: uiTimeout })
      await page.locator('auth-modal [part~="submit-button"]').click()
      await typeCode(page, await waitForCode(stack.api.url, email, { previousCount: 1 }))
      await modalHidden(page)
      expect(await demoEthereumAddress(page)).toBe(address)
      const signature = await signatureAfter(page, async () => {
        await title(page, 'Enter verification code').waitFor({ timeout: walletTimeout })
        await typeCode(page, await app!.nextCode())
      })
      expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
      await modalHidden(page)

      // Removal: the confirmation, a verification asked first, then the intro without the method.
      await page.locator('#enroll-mfa').click()
      await title(page, 'Transaction Protection').waitFor({ timeout: uiTimeout })
      await modalPart(page, 'mfa-remove-totp').click()
      await title(page, 'Remove authenticator app?').waitFor({ timeout: uiTimeout })
      await modalPart(page, 'mfa-confirm-remove').click()
      await title(page, 'Enter verification code').waitFor({ timeout: walletTimeout })
      await typeCode(page, await app!.nextCode())
      await title(page, 'Transaction Protection').waitFor({ timeout: walletTimeout })
      await expect.poll(() => modalPart(page, 'mfa-remove-totp').count(), { timeout: uiTimeout }).toBe(0)
      await modalPart(page, 'mfa-done').click()
      await modalHidden(page)
      await expect.poll(() => page.locator('#mfa-methods li').count(), { timeout: uiTimeout }).toBe(0)

      // Without a method, signing asks nothing.
      await signatureAfter(page, async () => {})
    })
  }, 300_000)
})

describe('SMS MFA on the vanilla demo', () => {
  it('enrols a phone with the code the dev outbox received, then signs after the SMS code the verify screen sent', async () => {
    const email = `e2e-mfa-sms-${runId()}@example.com`
    const phone = '+12015550187'
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      const address = await demoEthereumAddress(page)

      await page.locator('#enroll-mfa').click()
      await title(page, 'Transaction Protection').waitFor({ timeout: uiTimeout })
      await modalPart(page, 'mfa-method-sms').click()
      await modalPart(page, 'mfa-phone-input').fill('2015550187', { timeout: uiTimeout })
      await modalPart(page, 'mfa-send-code').click()
      await typeCode(page, await waitForCode(stack.api.url, phone))
      await modalPart(page, 'mfa-enrolled').waitFor({ timeout: walletTimeout })
      await modalPart(page, 'mfa-done').click()
      await modalHidden(page)
      await page.locator('#mfa-methods li[data-method="sms"]').waitFor({ timeout: uiTimeout })

      const signature = await signatureAfter(page, async () => {
        await modalPart(page, 'mfa-code-description').filter({ hasText: 'A 6-digit code was sent to your mobile device.' }).waitFor({ timeout: walletTimeout })
        await typeCode(page, await waitForCode(stack.api.url, phone, { previousCount: 1 }))
      })
      expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
    })
  }, 180_000)
})
