/**
 * Cross-app accounts end to end: the vanilla demo (the dev app, on localhost) signs in with, links and
 * unlinks an account of the dev provider app, whose page (the demo's stand-in for the provider's own site,
 * on 127.0.0.1) opens in the popup, signs the user in to the provider app by email (which makes the user's
 * embedded wallet there), and asks for consent; then the demo's buttons ask that wallet to sign and send.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveButton, clickClosingWindow, completeEmailLogin, landingRow, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { CROSS_APP_REQUEST_TIMEOUT_MS, DEV_APP_ID } from '../../src/protocol/index.js'
import { DEV_PROVIDER_APP_ID, devOrigins } from '../harness/dev-stack.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { ETH_RECIPIENT } from '../../demo/shared/local-chains.js'

let stack: E2eStack
const run = runId()
/** A second provider that lets the dev app connect read-only: transacting against it is refused. */
const READ_ONLY_PROVIDER_ID = 'tessera-dev-readonly-0001'

beforeAll(async () => {
  // Two email sign-ins per scenario on a loaded machine: a retried send must not meet the resend cooldown.
  stack = await startE2eStack({
    api: { rateLimits: { resendCooldownSeconds: 0 } },
    extraApps: () => [
      {
        id: READ_ONLY_PROVIDER_ID,
        name: 'Tessera Read-only Provider',
        allowed_origins: devOrigins,
        login_methods: ['email'],
        cross_app_provider: { authorize_url: 'http://127.0.0.1/read-only-provider', requesters: [{ app_id: DEV_APP_ID, read_only: true }] },
      },
    ],
  })
})
afterAll(async () => {
  await stack?.close()
})

const crossAppRow = (page: Page) => page.locator('#linked-accounts li[data-type="cross_app"]')

/** The landing's provider button, behind the overflow ('Other socials') when the landing is full. */
const crossAppButton = (page: Page) => landingRow(page, page.locator('auth-modal [part~="cross-app-button"]', { hasText: 'Tessera Provider Demo' }))

/**
 * In the provider's popup: sign in to the provider app by email (which makes the user's wallet there), then allow;
 * the popup posts back and closes once that wallet exists.
 */
async function consentInPopup(popup: Page, email: string) {
  // The popup opens blank (inside the click) and is sent to the provider page once the request is ready.
  await popup.waitForURL(/\/vanilla\/cross-app-provider\.html/, { timeout: uiTimeout })
  expect(new URL(popup.url()).origin, 'the provider page is another origin').toBe(`http://127.0.0.1:${stack.demo.port}`)
  expect(new URL(popup.url()).searchParams.get('app_id')).toBe(DEV_PROVIDER_APP_ID)
  await completeEmailLogin(popup, stack.api.url, email)
  await popup.locator('#provider-consent-text', { hasText: 'wants to use your Tessera Provider Demo account' }).waitFor({ timeout: uiTimeout })
  await clickClosingWindow(popup, popup.locator('#provider-allow'), walletTimeout)
}

/** The demo's 'Sign a message' button on the cross-app account: the provider's page opens in the popup and asks for consent. */
async function openSignRequest(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
  await crossAppRow(page).locator('button.cross-app-sign').click({ timeout: uiTimeout })
  const popup = await popupOpened
  // The provider user signed in there at consent: the request is shown at once.
  await popup
    .locator('#provider-consent-text', { hasText: 'asks your Tessera Provider Demo wallet to sign the message “Hello from the Tessera demo”' })
    .waitFor({ timeout: uiTimeout })
  expect(new URL(popup.url()).search, 'the token rides in the fragment only').not.toContain('token')
  return popup
}

const actionError = (page: Page, text: string) => page.locator('#action-error', { hasText: text }).waitFor({ timeout: uiTimeout })

/** The demo's result line once it starts with `prefix`, without it (or fails with the page's error). */
async function actionResult(page: Page, prefix: string): Promise<string> {
  const result = page.locator('#action-result', { hasText: prefix })
  const failure = page.locator('#action-error:not([hidden])')
  await result.or(failure).first().waitFor({ timeout: walletTimeout })
  if (await failure.isVisible()) throw new Error(`The demo failed: ${await failure.textContent()}`)
  return (await result.textContent())!.slice(prefix.length)
}

/** Clicks one of the cross-app account's buttons; the provider's page opens in the popup showing `asks`. */
async function openWalletRequest(page: Page, button: string, asks: string | RegExp): Promise<Page> {
  const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
  await crossAppRow(page).locator(button).click({ timeout: uiTimeout })
  const popup = await popupOpened
  await popup.locator('#provider-consent-text', { hasText: asks }).waitFor({ timeout: uiTimeout })
  return popup
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
      await page
        .locator('auth-modal [part~="cross-app-status"]', { hasText: 'Log in and confirm in the Tessera Provider Demo window' })
        .waitFor({ timeout: uiTimeout })
      await consentInPopup(popup, `cross-app-login-${run}@example.com`)
      await crossAppRow(page).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })
      const account = (await page.evaluate(`import('/tessera.js').then((tessera) =>
        tessera.getOrCreateClient(window.TESSERA_DEMO).getAuth().user.linkedAccounts.find((a) => a.type === 'cross_app'))`)) as {
        subject: string
        providerApp: { id: string; name: string }
      }
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

  it("transacts through the provider's page: refusals, rejection, the answer, state check, token clear and time-out", async () => {
    await inNewPage(stack.browser, async (page, context) => {
      // Fake timers in both pages (time still flows): the 2-minute time-out is fast-forwarded at the end.
      await context.clock.install()
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      const loginPopup = page.waitForEvent('popup', { timeout: uiTimeout })
      await (await crossAppButton(page)).click()
      await consentInPopup(await loginPopup, `cross-app-transact-${run}@example.com`)
      await crossAppRow(page).waitFor({ timeout: uiTimeout })

      // A read-only connection is refused on the client, before any popup.
      let popups = 0
      context.on('page', () => void popups++)
      const refusal = await page.evaluate(`import('/tessera.js').then((tessera) => tessera.getOrCreateClient(window.TESSERA_DEMO).auth.crossApp
        .signMessage({ providerAppId: '${READ_ONLY_PROVIDER_ID}', message: 'hello' }).then(() => null, (error) => ({ code: error.code, message: error.shortMessage })))`)
      expect(refusal).toEqual({ code: 'cross_app_read_only', message: 'Cannot transact against a read-only provider app' })
      expect(popups).toBe(0)

      // Reject on the provider's page.
      let popup = await openSignRequest(page)
      await clickClosingWindow(popup, popup.locator('#provider-deny', { hasText: 'Reject' }))
      await actionError(page, 'User rejected request')

      // Approve: the provider user's wallet (made at their sign-in there, named by the cross-app account) signs.
      const wallet = (await crossAppRow(page).locator('.cross-app-wallet').textContent()) as Hex
      expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/)
      const account = (await page.evaluate(`import('/tessera.js').then((tessera) =>
        tessera.getOrCreateClient(window.TESSERA_DEMO).getAuth().user.linkedAccounts.find((a) => a.type === 'cross_app'))`)) as {
        embeddedWallets: { address: string }[]
      }
      expect(account.embeddedWallets).toEqual([{ address: wallet }])
      popup = await openSignRequest(page)
      await clickClosingWindow(popup, popup.locator('#provider-allow', { hasText: 'Approve' }), walletTimeout)
      const signature = (await actionResult(page, 'Signed: ')) as Hex
      expect(await verifyMessage({ address: wallet, message: 'Hello from the Tessera demo', signature })).toBe(true)

      // Typed data, shown whole on the provider's page, signed by the same wallet.
      popup = await openWalletRequest(
        page,
        'button.cross-app-sign-typed',
        'to sign Greeting data for Tessera demo: {"from":"Tessera demo","contents":"Hello from the Tessera demo"}',
      )
      await clickClosingWindow(popup, popup.locator('#provider-allow'), walletTimeout)
      const typedSignature = (await actionResult(page, 'Signed typed data: ')) as Hex
      expect(
        await verifyTypedData({
          address: wallet,
          signature: typedSignature,
          primaryType: 'Greeting',
          message: { from: 'Tessera demo', contents: 'Hello from the Tessera demo' },
          domain: { name: 'Tessera demo', version: '1', chainId: stack.chain.anvil.chainId },
          types: {
            Greeting: [
              { name: 'from', type: 'string' },
              { name: 'contents', type: 'string' },
            ],
          },
        }),
      ).toBe(true)

      // Funded from anvil's faucet, the wallet sends 0.001 ETH: approved on the page, then in Tessera's confirmation there.
      await crossAppRow(page).locator('button.cross-app-fund').click()
      await actionResult(page, 'Test funds added')
      popup = await openWalletRequest(
        page,
        'button.cross-app-send',
        `to send a transaction of 0.001 ETH to ${ETH_RECIPIENT} on chain ${stack.chain.anvil.chainId}.`,
      )
      await popup.locator('#provider-allow').click()
      await clickClosingWindow(popup, approveButton(popup), walletTimeout)
      const hash = (await actionResult(page, 'Sent: ')) as Hex
      const anvil = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
      expect((await anvil.waitForTransactionReceipt({ hash, timeout: walletTimeout })).status).toBe('success')
      const sent = await anvil.getTransaction({ hash })
      expect({ from: sent.from.toLowerCase(), to: sent.to?.toLowerCase(), value: sent.value }).toEqual({
        from: wallet.toLowerCase(),
        to: ETH_RECIPIENT.toLowerCase(),
        value: 10n ** 15n,
      })

      // An answer with another state code is refused (and its token action ignored); the popup is closed.
      popup = await openSignRequest(page)
      const forgedClosed = popup.waitForEvent('close', { timeout: uiTimeout })
      await popup.evaluate(`window.opener.postMessage({ type: 'TESSERA_CROSS_APP_ACTION_RESPONSE', state_code: 'forged-state', result: '0xforged',
        token_action: { action: 'clear' } }, '*')`)
      await actionError(page, 'Unexpected auth flow. This may be a phishing attempt.')
      await forgedClosed

      // No answer within 2 minutes: the request times out and the popup is closed.
      popup = await openSignRequest(page)
      const timedOutClosed = popup.waitForEvent('close', { timeout: uiTimeout })
      await page.clock.fastForward(CROSS_APP_REQUEST_TIMEOUT_MS)
      await actionError(page, 'Authorization request timed out after 2 minutes.')
      await timedOutClosed

      // The provider withdrew its token (here: forgot it): its answer clears the requester's, which then sends nothing.
      popup = await openSignRequest(page)
      await popup.evaluate(`Object.keys(localStorage).filter((key) => key.includes(':cross_app_grant:')).forEach((key) => localStorage.removeItem(key))`)
      await clickClosingWindow(popup, popup.locator('#provider-allow'))
      await actionError(page, 'Transactions require a valid token')
      const tokens = await page.evaluate(`Object.keys(localStorage).filter((key) => key.includes(':cross_app_token:')).length`)
      expect(tokens).toBe(0)
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
