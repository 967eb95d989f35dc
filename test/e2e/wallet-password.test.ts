/**
 * Password recovery end to end in Chromium on the demos (wallet spec, "Screens and routes", "States and transitions" and "Validation rules"; src/frame/README.md "Key custody"; docs/security.md #43, #44):
 * a new user signs in (wallets are created with automatic recovery), sets a password through the whole wizard (the
 * length error, the strength meter, the mismatch error, the acknowledgement gate), and both wallets then show
 * 'user-passcode'. On a new device (a new browser context) the same user signs in; signing asks 'Enter your
 * password': a wrong one shows the error, the right one recovers the same addresses and the signature verifies.
 * Every postMessage and request is recorded: the server and the host page never see the password, the sealed
 * recovery share does not contain it, and no plaintext recovery or device share leaves the frame. On the React demo,
 * `useSetWalletPassword` resolves once the password is set and rejects when the user closes the wizard first.
 */
import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID, type ReshareBody, type SealedShare } from '../../src/protocol/index.js'
// The frame's own opening and combining: only so the test knows the secrets it must never find outside the frame.
import { openSealedShare } from '../../src/frame/custody/seal-password.js'
import { combineShares } from '../../src/protocol/custody/share-wrapper.js'
import { approveConfirmation, fillAndLeave, modalHidden, modalPart, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { recordContext, requestText, secretForms, type Recording } from '../harness/recording.js'

const PASSWORD = 'Tessera-Pass-2026!x'
const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
beforeAll(async () => {
  // The user signs in twice with one address (the second device) within the resend cooldown.
  stack = await startE2eStack({ react: true, api: { rateLimits: { resendCooldownSeconds: 0 } } })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const walletItems = (page: Page) => page.locator('#embedded-wallets li')

async function addresses(page: Page): Promise<{ ethereum: string; solana: string }> {
  const address = (chain: string) => page.locator(`#embedded-wallets li[data-chain="${chain}"] .address`)
  await address('ethereum').waitFor({ timeout: walletTimeout })
  await address('solana').waitFor({ timeout: walletTimeout })
  return { ethereum: (await address('ethereum').textContent())!, solana: (await address('solana').textContent())! }
}

const recoveryMethods = (page: Page) => walletItems(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.recovery))
const title = (page: Page) => modalPart(page, 'title')

/** The device shares in the frame's own IndexedDB, read from inside the frame only so the test knows what to look for. */
function deviceShares(page: Page): Promise<number[][]> {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === `/apps/${DEV_APP_ID}/embedded-wallets`)
  if (!frame) throw new Error('The wallet frame is not mounted')
  return frame.evaluate(
    () =>
      new Promise<number[][]>((resolve) => {
        const open = indexedDB.open('tessera-wallet-frame')
        open.onerror = () => resolve([])
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('device-shares')) return resolve([])
          const all = open.result.transaction('device-shares', 'readonly').objectStore('device-shares').getAll()
          all.onerror = () => resolve([])
          all.onsuccess = () => resolve((all.result as { share: Uint8Array }[]).map(({ share }) => Array.from(share)))
        }
      }),
  )
}

async function signAndVerify(page: Page, address: string): Promise<void> {
  // Signatures are deterministic: the previous result is cleared so the wait sees this one.
  await page.locator('#sign-result').evaluate((result) => void (result.textContent = ''))
  await page.locator('#sign-message').click()
  await approveConfirmation(page)
  await page
    .locator('#sign-result')
    .filter({ hasText: /^0x[0-9a-f]{130}$/ })
    .waitFor({ timeout: walletTimeout })
  const signature = (await page.locator('#sign-result').textContent())!
  expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature: signature as Hex })).toBe(true)
}

/** The whole wizard from the demo's button: the length error, the strength meter, the mismatch, the acknowledgement gate. */
async function setPasswordThroughWizard(page: Page): Promise<void> {
  await page.locator('#set-wallet-password').click()
  await title(page).filter({ hasText: 'Set your password' }).waitFor({ timeout: uiTimeout })
  const submit = modalPart(page, 'submit-button')
  await expect.poll(() => submit.isDisabled()).toBe(true)
  await fillAndLeave(page, 'password-input', 'abc')
  await modalPart(page, 'password-error').filter({ hasText: 'Password must be at least 6 characters' }).waitFor({ timeout: uiTimeout })
  await fillAndLeave(page, 'password-input', 'Abcdef12!xyz')
  await modalPart(page, 'password-strength').filter({ hasText: 'Password strength: Medium' }).waitFor({ timeout: uiTimeout })
  await fillAndLeave(page, 'password-input', PASSWORD)
  await modalPart(page, 'password-strength').filter({ hasText: 'Password strength: ' }).waitFor({ timeout: uiTimeout })
  await submit.click()

  await title(page).filter({ hasText: 'Save your password' }).waitFor({ timeout: uiTimeout })
  expect(await modalPart(page, 'saved-password').textContent()).toBe(PASSWORD)
  await modalPart(page, 'submit-button').click()

  await title(page).filter({ hasText: 'Confirm your password' }).waitFor({ timeout: uiTimeout })
  await fillAndLeave(page, 'password-confirm-input', `${PASSWORD}-typo`)
  await modalPart(page, 'password-error').filter({ hasText: 'Passwords do not match' }).waitFor({ timeout: uiTimeout })
  await expect.poll(() => modalPart(page, 'submit-button').isDisabled()).toBe(true)
  await fillAndLeave(page, 'password-confirm-input', PASSWORD)
  await modalPart(page, 'submit-button').click()

  await title(page).filter({ hasText: 'Confirm you have saved' }).waitFor({ timeout: uiTimeout })
  const setPassword = modalPart(page, 'submit-button')
  await expect.poll(() => setPassword.isDisabled()).toBe(true)
  await modalPart(page, 'password-acknowledge').check()
  await setPassword.click()
  await title(page).filter({ hasText: 'Success' }).waitFor({ timeout: walletTimeout })
  await modalPart(page, 'close-action').click()
}

describe('password recovery on the demos', () => {
  it('sets a password through the wizard, and a new device recovers the same wallets with it; the password never leaves the page and frame', async () => {
    const email = `e2e-password-${runId()}@example.com`
    const recordings: Recording[] = []
    const shares: number[][] = []
    let wallets: { ethereum: string; solana: string } | undefined
    const pageOrigins = new Set<string>()

    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      pageOrigins.add(new URL(page.url()).origin)
      wallets = await addresses(page)
      expect(await recoveryMethods(page)).toEqual(['privy', 'privy'])

      await setPasswordThroughWizard(page)
      await modalHidden(page)
      await page.locator('#action-result', { hasText: 'Wallet recovery set: user-passcode' }).waitFor({ timeout: uiTimeout })
      await expect.poll(() => recoveryMethods(page), { timeout: uiTimeout }).toEqual(['user-passcode', 'user-passcode'])
      await signAndVerify(page, wallets.ethereum)
      shares.push(...(await deviceShares(page)))
    })

    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email, { previousCount: 1 })
      expect(await addresses(page)).toEqual(wallets)

      // Signing needs the wallet: this device has no share of it, so the modal opens 'Enter your password' by itself.
      await page.locator('#sign-message').click()
      await title(page).filter({ hasText: 'Enter your password' }).waitFor({ timeout: walletTimeout })
      await modalPart(page, 'info-link').filter({ hasText: 'Why is this necessary?' }).waitFor({ timeout: uiTimeout })
      await fillAndLeave(page, 'password-input', 'Not-The-Password-1')
      await modalPart(page, 'submit-button').filter({ hasText: 'Recover your account' }).click()
      await modalPart(page, 'recovery-error').filter({ hasText: 'Invalid recovery password, please try again.' }).waitFor({ timeout: walletTimeout })
      await fillAndLeave(page, 'password-input', PASSWORD)
      await modalPart(page, 'submit-button').click()
      // Recovered: the signature's confirmation follows in the same modal.
      await approveConfirmation(page)
      await modalHidden(page)
      await page
        .locator('#sign-result')
        .filter({ hasText: /^0x[0-9a-f]{130}$/ })
        .waitFor({ timeout: walletTimeout })
      expect(
        await verifyMessage({ address: wallets!.ethereum as Hex, message: MESSAGE, signature: (await page.locator('#sign-result').textContent()) as Hex }),
      ).toBe(true)
      expect(await addresses(page)).toEqual(wallets)
      expect(await recoveryMethods(page)).toEqual(['user-passcode', 'user-passcode'])
      await signAndVerify(page, wallets!.ethereum)
      shares.push(...(await deviceShares(page)))
    })

    const requests = recordings.flatMap((recording) => recording.requests)
    const messages = recordings.flatMap((recording) => recording.messages)
    const path = (url: string) => new URL(url).pathname
    // Setting the password re-shared both share sets, and the new device recovered both: each time the recovery
    // share went to the server sealed (scrypt + AES-GCM), never in plain.
    const reshares = requests.filter((request) => request.method === 'POST' && /\/reshare$/.test(path(request.url)))
    expect(reshares.length).toBeGreaterThanOrEqual(4)
    const secrets: { what: string; forms: string[] }[] = []
    for (const request of reshares) {
      const body = JSON.parse(request.body) as ReshareBody
      expect(body.recovery.method).toBe('user-passcode')
      expect(body.recovery).not.toHaveProperty('share')
      const sealed = (body.recovery as { sealed: SealedShare }).sealed
      expect(sealed.kdf.name).toBe('scrypt')
      expect(JSON.stringify(sealed)).not.toContain(PASSWORD)
      // The sealed share opens with the password only, and with the auth share it rebuilds the wallet's entropy.
      const entropyId = decodeURIComponent(path(request.url).split('/').at(-2)!)
      await expect(openSealedShare(sealed, 'Not-The-Password-1', entropyId)).rejects.toMatchObject({ type: 'invalid_recovery_pin' })
      const recoveryShare = await openSealedShare(sealed, PASSWORD, entropyId)
      const entropy = await combineShares(Uint8Array.from(Buffer.from(body.auth_share, 'base64')), recoveryShare)
      secrets.push(
        { what: 'a plaintext recovery share', forms: secretForms(recoveryShare) },
        { what: 'the entropy', forms: secretForms(entropy) },
        { what: 'the mnemonic', forms: [entropyToMnemonic(entropy, wordlist)] },
      )
    }
    const released = requests.filter((request) => /\/recovery\/key_material$/.test(path(request.url)))
    expect(released.length).toBeGreaterThan(0)
    for (const request of released) {
      const material = JSON.parse(await request.response) as { recovery_method: string; recovery_share?: string; sealed_recovery_share?: unknown }
      expect(material).toMatchObject({ recovery_method: 'user-passcode' })
      expect(material.recovery_share).toBeUndefined()
    }

    // The password: in no request or response (the server never sees it), no message the host page received.
    const passwordForms = [PASSWORD, ...secretForms(new TextEncoder().encode(PASSWORD))]
    for (const request of requests) {
      const text = await requestText(request)
      for (const form of passwordForms) expect(text.includes(form), `the password in ${request.method} ${request.url}`).toBe(false)
    }
    const toPage = messages.filter((message) => pageOrigins.has(new URL(message.at).origin))
    expect(toPage.length).toBeGreaterThan(0)
    for (const message of toPage) for (const form of passwordForms) expect(message.data.includes(form), 'the password in a message to the page').toBe(false)

    // No recovery share in plain, entropy, mnemonic or device share (where the browser lets the frame store one;
    // otherwise the frame keeps it in memory, out of reach) in any message or request of either device.
    for (const share of shares) secrets.push({ what: 'a device share', forms: secretForms(Uint8Array.from(share)) })
    for (const message of messages)
      for (const secret of secrets)
        for (const form of secret.forms) expect(message.data.includes(form), `${secret.what} in a message at ${message.at}`).toBe(false)
    for (const request of requests) {
      const text = await requestText(request)
      for (const secret of secrets)
        for (const form of secret.forms) expect(text.includes(form), `${secret.what} in ${request.method} ${request.url}`).toBe(false)
    }
  }, 300_000)

  it('react: useSetWalletPassword opens the wizard, resolves once the password is set, and rejects when the user leaves first', async () => {
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('react'), stack.api.url, `e2e-password-react-${runId()}@example.com`)
      await addresses(page)
      expect(await recoveryMethods(page)).toEqual(['privy', 'privy'])

      // Leaving the wizard before the password is set rejects the hook's promise.
      await page.locator('#set-wallet-password').click()
      await title(page).filter({ hasText: 'Set your password' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      await page.locator('#action-error', { hasText: 'Exited before password was added to wallet' }).waitFor({ timeout: uiTimeout })

      await setPasswordThroughWizard(page)
      await modalHidden(page)
      await page.locator('#recovery-result', { hasText: 'Wallet recovery set: user-passcode' }).waitFor({ timeout: uiTimeout })
      await expect.poll(() => recoveryMethods(page), { timeout: uiTimeout }).toEqual(['user-passcode', 'user-passcode'])
    })
  }, 180_000)
})
