/**
 * Telegram in Chromium against the real server, with the local stand-in for Telegram's login widget host
 * (test/harness/telegram-oauth.ts, signing with the dev app's bot token exactly as Telegram does): sign-in through
 * the widget's popup, the redirect variant (its fields removed from the address), seamless Mini App sign-in on load
 * (and by the button) with a signed `window.Telegram.WebApp.initData`, link and unlink for an email user, and a
 * tampered result refused.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { landingRow, linkedAccountRow, signInOnDemo, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { signWebAppInitData } from '../harness/telegram-oauth.js'

let stack: E2eStack
const run = runId()
let nextId = 800_000_000 + Math.floor(Math.random() * 100_000_000)
const freshTelegramId = () => String(nextId++)
const telegramParams = ['id', 'hash', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url']

beforeAll(async () => {
  stack = await startE2eStack({ react: true })
})
afterAll(async () => {
  await stack?.close()
})

/** On the stand-in's consent page: types the account and accepts. */
async function acceptOnWidget(widget: Page, id: string, username: string) {
  await widget.locator('input[name="id"]').fill(id, { timeout: uiTimeout })
  await widget.locator('input[name="username"]').fill(username)
  await widget.locator('button[value="accept"]').click()
}

/** Presses `button` (which opens the widget's popup), accepts there and waits for the popup to close. */
async function throughPopup(page: Page, button: string, id: string, username: string) {
  // Together, so a failed click never leaves the popup wait rejecting unhandled.
  const [popup] = await Promise.all([page.waitForEvent('popup', { timeout: uiTimeout }), page.locator(button).click({ timeout: uiTimeout })])
  expect(new URL(popup.url()).origin === new URL(stack.telegram.standIn.url).origin || popup.url() === 'about:blank').toBe(true)
  await popup.waitForURL(/\/auth\?/, { timeout: uiTimeout })
  const widgetUrl = new URL(popup.url())
  expect(Object.fromEntries(widgetUrl.searchParams)).toMatchObject({
    bot_id: stack.telegram.bot.botId,
    origin: new URL(page.url()).origin,
    request_access: 'write',
    lang: 'en',
  })
  await acceptOnWidget(popup, id, username)
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: uiTimeout })
}

const telegramRow = (page: Page, id: string) => linkedAccountRow(page, 'telegram', id)
const telegramButton = 'auth-modal [part~="telegram-button"]'

/** Opens the modal and reaches the Telegram row (the dev app has many methods: it sits behind 'Other socials'). */
async function openTelegramRow(page: Page) {
  await page.locator('#login').click({ timeout: uiTimeout })
  await landingRow(page, page.locator(telegramButton))
}

describe('Telegram login widget', () => {
  it('signs a new user in through the popup from the landing, and the Recent chip remembers it', async () => {
    const id = freshTelegramId()
    await inNewPage(stack.browser, async (page, context) => {
      // A slow demo module must not let <auth-modal> render first with a client of its own (no stand-in host).
      await context.route('**/shared/local-chains.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500))
        await route.continue()
      })
      await page.goto(stack.pageUrl('vanilla'))
      await openTelegramRow(page)
      await throughPopup(page, telegramButton, id, `popup_${run}`)
      await telegramRow(page, id).waitFor({ timeout: uiTimeout })
      await expect(telegramRow(page, id).textContent()).resolves.toContain(`@popup_${run}`)
      // Signed out and back to the landing: the Telegram row carries the 'Recent' chip.
      await page.locator('#logout').click()
      await openTelegramRow(page)
      await page.locator(telegramButton, { hasText: 'Recent' }).waitFor({ timeout: uiTimeout })
    })
  })

  it('signs in through the popup from the React demo (the provider shares the client with the stand-in host)', async () => {
    const id = freshTelegramId()
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl('react'))
      await openTelegramRow(page)
      await throughPopup(page, telegramButton, id, `react_${run}`)
      await telegramRow(page, id).waitFor({ timeout: uiTimeout })
    })
  })

  it('comes back from the redirect variant signed in, with the Telegram fields removed from the address', async () => {
    const id = freshTelegramId()
    await inNewPage(stack.browser, async (page) => {
      await page.goto(`${stack.pageUrl('vanilla')}?keep=1`)
      await page.locator('#login').waitFor({ timeout: uiTimeout })
      // The page leaves for the widget host, so nothing is awaited in it (a string: the runner must not rewrite the import).
      await page.evaluate(`void import('/tessera.js').then((tessera) => tessera.getOrCreateClient(window.TESSERA_DEMO).auth.telegram.login({ popup: false }))`)
      await page.waitForURL((url) => url.href.startsWith(stack.telegram.standIn.url), { timeout: uiTimeout })
      expect(new URL(page.url()).searchParams.get('return_to')).toBe(`${stack.pageUrl('vanilla')}?keep=1`)
      await acceptOnWidget(page, id, `redirect_${run}`)
      await telegramRow(page, id).waitFor({ timeout: uiTimeout })
      const address = new URL(page.url())
      expect(address.pathname).toBe('/vanilla/')
      expect([...address.searchParams.keys()]).toEqual(['keep'])
      expect(telegramParams.filter((name) => address.searchParams.has(name))).toEqual([])
      // The session is stored: a reload keeps it (and nothing is replayed).
      await page.reload()
      await telegramRow(page, id).waitFor({ timeout: uiTimeout })
    })
  })

  it('signs in seamlessly on load inside a Telegram Mini App from signed initData, without a press or a popup; the button works too', async () => {
    const id = Number(freshTelegramId())
    const initData = signWebAppInitData({ id, first_name: 'Mini', username: `miniapp_${run}`, language_code: 'en' }, stack.telegram.bot.botToken)
    await inNewPage(stack.browser, async (page) => {
      await page.addInitScript((data) => {
        Object.assign(window, { Telegram: { WebApp: { initData: data, initDataUnsafe: {}, ready() {}, expand() {} } } })
      }, initData)
      let popups = 0
      page.on('popup', () => popups++)
      const authenticate = page.waitForResponse((response) => response.url().endsWith('/api/v1/telegram/authenticate'), { timeout: uiTimeout })
      await page.goto(stack.pageUrl('vanilla'))
      // Nobody pressed anything: the page signed in once the config said seamless sign-in is on.
      expect((await authenticate).status()).toBe(200)
      await telegramRow(page, String(id)).waitFor({ timeout: uiTimeout })
      await expect(page.locator('auth-modal [part~="dialog"]').isVisible()).resolves.toBe(false)
      // Signed out in the same page: the Telegram button signs in from the same initData, still without a popup.
      await page.locator('#logout').click()
      await telegramRow(page, String(id)).waitFor({ state: 'detached', timeout: uiTimeout })
      await openTelegramRow(page)
      await page.locator(telegramButton).click({ timeout: uiTimeout })
      await telegramRow(page, String(id)).waitFor({ timeout: uiTimeout })
      expect(popups).toBe(0)
    })
  })
})

describe('Telegram link, unlink and rejection', () => {
  it('links a Telegram account to an email user from the demo, then unlinks it', async () => {
    const id = freshTelegramId()
    const email = `telegram-link-${run}@example.com`
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      await page.locator('#link-telegram').click({ timeout: uiTimeout })
      await throughPopup(page, 'auth-modal [part~="telegram-start"]', id, `linked_${run}`)
      await telegramRow(page, id).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#user-email').textContent()).toBe(email)
      // The link closes the modal.
      await page.locator('auth-modal [part~="dialog"]').waitFor({ state: 'hidden', timeout: uiTimeout })
      await page.getByRole('button', { name: `Unlink telegram @linked_${run} (${id})` }).click({ timeout: uiTimeout })
      await telegramRow(page, id).waitFor({ state: 'detached', timeout: uiTimeout })
      await linkedAccountRow(page, 'email', email).waitFor({ timeout: uiTimeout })
    })
  })

  it('refuses a widget result changed after Telegram signed it, with the Telegram error copy and a retry', async () => {
    const id = freshTelegramId()
    await inNewPage(stack.browser, async (page: Page, context: BrowserContext) => {
      // A man in the middle rewrites the signed first name on its way back to the page.
      await context.route(`${stack.telegram.standIn.url}/auth/answer`, async (route) => {
        const response = await route.fetch()
        const original = await response.text()
        await route.fulfill({ response, body: original.replace('"first_name":"Tess"', '"first_name":"Mallory"') })
      })
      await page.goto(stack.pageUrl('vanilla'))
      await openTelegramRow(page)
      const [refusal] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/v1/telegram/authenticate'), { timeout: uiTimeout }),
        throughPopup(page, telegramButton, id, `tampered_${run}`),
      ])
      // The server's verdict (docs/security.md #29): the hash no longer matches.
      expect(refusal.status()).toBe(400)
      expect(((await refusal.json()) as { code: string }).code).toBe('invalid_credentials')
      await page.locator('auth-modal [part~="telegram-error"]', { hasText: 'Something went wrong. Try again.' }).waitFor({ timeout: uiTimeout })
      await page.locator('auth-modal [part~="retry-button"]', { hasText: 'Try again' }).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#status').textContent()).toBe('You are signed out.')
    })
  })
})
