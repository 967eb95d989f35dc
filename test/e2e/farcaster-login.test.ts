/**
 * Sign-In with Farcaster in Chromium against the real server, which is its own channel relay. The test plays the
 * Farcaster app: it reads the connect URI from the screen's 'Copy link', signs the SIWF message with a custody key
 * registered in the ID registry stand-in on the local anvil chain, and posts it to the relay; the modal, polling
 * every 2 s, signs in. A signature by another key is refused ('Authentication failed', then 'Try again' works).
 * Then a user signed in by email links a Farcaster account from the demo's Link button and unlinks it, and a
 * second user linking an fid the first holds takes it over through the transfer offer.
 */
import type { Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveInFarcasterApp } from '../../server/src/test-support/farcaster-app.js'
import { t as transferCopy } from '../../src/ui/copy/transfer.js'
import { landingRow, linkedAccountRow, modalHidden, modalPart, signInOnDemo, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
const run = runId()
let nextFid = 500

beforeAll(async () => {
  stack = await startE2eStack({ react: true })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

async function registeredFarcasterAccount(): Promise<{ fid: number; custody: PrivateKeyAccount }> {
  const fid = nextFid++
  const custody = privateKeyToAccount(generatePrivateKey())
  await stack.chain.farcasterRegistry.setCustody(fid, custody.address)
  return { fid, custody }
}

const modal = modalPart

/** From the landing: the Farcaster row, behind the overflow button when the landing's rows are full. */
async function openFarcaster(page: Page) {
  await (await landingRow(page, modal(page, 'farcaster-button'))).click({ timeout: uiTimeout })
}

/** The connect URI the screen offers under 'Copy link' (what a desktop user would paste into the Farcaster app); not `previous`. */
async function connectUri(page: Page, previous?: string): Promise<string> {
  const link = previous ? page.locator(`auth-modal [part~="farcaster-copy-link"]:not([href="${previous}"])`) : modal(page, 'farcaster-copy-link')
  await link.waitFor({ timeout: uiTimeout })
  const uri = await link.getAttribute('href')
  if (!uri) throw new Error('the Copy link has no URI')
  return uri
}

async function approve(page: Page, account: { fid: number; custody: PrivateKeyAccount }, signer?: PrivateKeyAccount, previousUri?: string) {
  const relay = await approveInFarcasterApp({
    apiUrl: stack.api.url,
    connectUri: await connectUri(page, previousUri),
    ...account,
    now: new Date(),
    profile: { username: `fc${account.fid}`, display_name: 'Farcaster User' },
    ...(signer && { overrides: { signer } }),
  })
  expect(relay.status, 'the relay takes the signed message').toBe(200)
}

const farcasterIdentifier = (fid: number) => `@fc${fid} (fid ${fid})`

describe('Farcaster sign-in', () => {
  it('shows the QR code and copies the link, refuses a foreign signature, then signs in after Try again (vanilla)', async () => {
    const account = await registeredFarcasterAccount()
    await inNewPage(stack.browser, async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(stack.pageUrl('vanilla')).origin })
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      await openFarcaster(page)

      await modal(page, 'title').filter({ hasText: 'Sign in with Farcaster' }).waitFor({ timeout: uiTimeout })
      const qr = modal(page, 'farcaster-qr-code')
      await qr.waitFor({ timeout: uiTimeout })
      // An inline SVG drawing (no data: image a strict CSP's img-src would block).
      expect(await qr.evaluate((svg: SVGSVGElement) => [svg.localName, svg.getBoundingClientRect().width, svg.getBoundingClientRect().height])).toEqual([
        'svg',
        275,
        275,
      ])
      await modal(page, 'farcaster-hint').filter({ hasText: 'To sign in with Farcaster, please open the Farcaster app.' }).waitFor({ timeout: uiTimeout })
      await modal(page, 'farcaster-copy-link').click()
      await modal(page, 'farcaster-copied').waitFor({ timeout: uiTimeout })
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await connectUri(page))

      // A message signed by a key that is not the fid's custody address: the server refuses it.
      const refusedUri = await connectUri(page)
      await approve(page, account, privateKeyToAccount(generatePrivateKey()))
      await modal(page, 'farcaster-error').filter({ hasText: 'Something went wrong. Try again.' }).waitFor({ timeout: uiTimeout })
      await modal(page, 'title').filter({ hasText: 'Authentication failed' }).waitFor()

      await modal(page, 'retry-button').click()
      await approve(page, account, undefined, refusedUri)
      await linkedAccountRow(page, 'farcaster', farcasterIdentifier(account.fid)).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
    })
  })

  it('signs in on the React demo and finds the same user again', async () => {
    const account = await registeredFarcasterAccount()
    let firstUser: string | null = null
    for (const attempt of [1, 2]) {
      await inNewPage(stack.browser, async (page) => {
        await page.goto(stack.pageUrl('react'))
        await page.locator('#login').click({ timeout: uiTimeout })
        await openFarcaster(page)
        await approve(page, account)
        await linkedAccountRow(page, 'farcaster', farcasterIdentifier(account.fid)).waitFor({ timeout: uiTimeout })
        const userId = await page.locator('#user-id').textContent()
        if (attempt === 1) firstUser = userId
        else expect(userId, 'the fid signs in to the same user').toBe(firstUser)
      })
    }
  })
})

describe.each(['vanilla', 'react'] as const)('linking Farcaster on the %s demo', (demo) => {
  it('links a Farcaster account to an email user and unlinks it', async () => {
    const account = await registeredFarcasterAccount()
    const email = `farcaster-${demo}-${run}@example.com`
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl(demo), stack.api.url, email)
      await modalHidden(page)
      const userId = await page.locator('#user-id').textContent()

      await page.locator('#link-farcaster').click()
      await approve(page, account)
      const row = linkedAccountRow(page, 'farcaster', farcasterIdentifier(account.fid))
      await row.waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      expect(await page.locator('#user-id').textContent(), 'linking keeps the user').toBe(userId)

      await row.locator('button.unlink').click({ timeout: uiTimeout })
      await row.waitFor({ state: 'detached', timeout: uiTimeout })
      await page.reload()
      await linkedAccountRow(page, 'email', email).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#linked-accounts li').count(), 'only the email is left').toBe(1)
    })
  })
})

describe('Farcaster account transfer', () => {
  it('linking an fid another user holds offers the transfer; accepting moves it', async () => {
    const account = await registeredFarcasterAccount()
    await inNewPage(stack.browser, async (page) => {
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `farcaster-first-${run}@example.com`)
      await modalHidden(page)
      await page.locator('#link-farcaster').click()
      await approve(page, account)
      await linkedAccountRow(page, 'farcaster', farcasterIdentifier(account.fid)).waitFor({ timeout: uiTimeout })
      await modalHidden(page)
      await page.locator('#logout').click()

      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `farcaster-second-${run}@example.com`)
      await modalHidden(page)
      const secondUser = await page.locator('#user-id').textContent()
      await page.locator('#link-farcaster').click()
      await approve(page, account)
      const title = transferCopy('transfer.title', { account: transferCopy('transfer.account.oauth', { provider: 'Farcaster' }) })
      await modal(page, 'title').filter({ hasText: title }).waitFor({ timeout: uiTimeout })
      // The first owner's embedded wallet is disclosed: 'Continue' leads through the assets screen.
      await modal(page, 'transfer-continue').click()
      await modal(page, 'transfer-confirm').click()
      await modalHidden(page)
      await linkedAccountRow(page, 'farcaster', farcasterIdentifier(account.fid)).waitFor({ timeout: uiTimeout })
      expect(await page.locator('#user-id').textContent(), 'the fid moved to the second user').toBe(secondUser)
    })
  })
})
