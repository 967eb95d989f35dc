/**
 * The React demo's embedded-wallet panel end to end in Chromium (wallet spec, "Screens and routes" and "States and transitions"; funding spec, "Screens and routes": "Key export"): the
 * wallets made at sign-in, a signature through useSignMessage, key export whose key shows only inside the export
 * frame (useExportWallet), a private-key import through the modal's import screen, and wallet-action MFA answered by
 * the demo's own form (useRegisterMfaListener keeps the modal closed; useMfa submits), a wrong code refused first.
 */
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enrolAuthenticatorAppOnDemo, modalHidden, modalPart, signatureAfter, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { recordContext, requestText } from '../harness/recording.js'

const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack({ react: true })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const walletRow = (page: Page, chain: 'ethereum' | 'solana', imported: boolean) =>
  page.locator(`#embedded-wallets li[data-chain="${chain}"][data-imported="${imported}"] .address`)
const title = (page: Page, text: string) => modalPart(page, 'title').filter({ hasText: text })

describe('embedded wallets on the React demo', () => {
  it('creates wallets at sign-in, signs with useSignMessage, exports inside the frame only, imports through the modal, and answers MFA with its own listener', async () => {
    const email = `e2e-react-wallets-${runId()}@example.com`
    await inNewPage(stack.browser, async (page, context) => {
      const recording = await recordContext(context)
      await signInOnDemo(page, stack.pageUrl('react'), stack.api.url, email)
      // Both chains' wallets, made at sign-in.
      const address = (await walletRow(page, 'ethereum', false).textContent({ timeout: walletTimeout }))!
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await walletRow(page, 'solana', false).textContent({ timeout: walletTimeout })).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

      expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature: await signatureAfter(page, async () => {}) })).toBe(true)

      // Export (useExportWallet): the key shows inside the export frame, never in the page.
      await page.locator('#export-wallet').click()
      await title(page, 'Export wallet').waitFor({ timeout: walletTimeout })
      expect(await modalPart(page, 'wallet-address').textContent()).toBe(address)
      const frame = page.frameLocator('auth-modal iframe[part~="export-frame"]')
      await frame.locator('#export-private-key').click({ timeout: walletTimeout })
      const output = frame.locator('#export-secret')
      await expect
        .poll(async () => (await output.textContent()) || `status: ${await frame.locator('#export-status').textContent()}`, { timeout: walletTimeout })
        .toMatch(/^0x[0-9a-f]{64}$/)
      const exportedKey = (await output.textContent())! as Hex
      expect(privateKeyToAddress(exportedKey)).toBe(address)
      const hostDom = await page.evaluate(() => document.documentElement.outerHTML + (document.querySelector('auth-modal')?.shadowRoot?.innerHTML ?? ''))
      await modalPart(page, 'close-button').click()
      await modalHidden(page)

      // Import through the modal's 'Import wallet' screen: the imported wallet joins the panel and signs.
      const importedKey = generatePrivateKey()
      const importedAddress = privateKeyToAddress(importedKey)
      await page.locator('#import-wallet-modal').click()
      await title(page, 'Import wallet').waitFor({ timeout: uiTimeout })
      await modalPart(page, 'import-key-input').fill(importedKey)
      await modalPart(page, 'submit-button').click()
      await modalPart(page, 'import-done').waitFor({ timeout: walletTimeout })
      expect(await modalPart(page, 'wallet-address').textContent()).toBe(importedAddress)
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      expect(await walletRow(page, 'ethereum', true).textContent({ timeout: walletTimeout })).toBe(importedAddress)

      // docs/security.md #42, #48: the exported key crossed no message or request and sat nowhere in the host page.
      const requests = await Promise.all(recording.requests.map(requestText))
      const everything = [...recording.messages.map((message) => message.data), ...requests, hostDom].join('\n').toLowerCase()
      expect(everything.includes(exportedKey.slice(2).toLowerCase()), 'the exported key left the export frame').toBe(false)

      // MFA: an authenticator app enrolled in the modal (useMfaEnrollment)...
      const app = await enrolAuthenticatorAppOnDemo(page)

      // ...then, once the 'Sign message' confirmation is approved in the modal, the signature's challenge reaches the
      // demo's listener: its own form answers, and the modal shows no verify screen of its own.
      const signature = await signatureAfter(page, async () => {
        const form = page.locator('#mfa-challenge')
        await form.waitFor({ timeout: walletTimeout })
        expect(await modalPart(page, 'title').filter({ hasText: 'Enter verification code' }).count()).toBe(0)
        await page.locator('#mfa-code').fill(app.wrongCode())
        await page.locator('#mfa-submit').click()
        await form.getByRole('alert').filter({ hasText: 'The code you entered is not valid' }).waitFor({ timeout: walletTimeout })
        await page.locator('#mfa-code').fill(await app.nextCode())
        await page.locator('#mfa-submit:not([disabled])').click({ timeout: walletTimeout })
        await form.waitFor({ state: 'detached', timeout: walletTimeout })
      })
      expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature })).toBe(true)
      expect(await page.locator('auth-modal').getAttribute('open')).toBeNull()
    })
  }, 300_000)
})
