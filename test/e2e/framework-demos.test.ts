/**
 * The Vue 3, Svelte 5 and Next.js demos in Chromium against the real API server: a new user signs in by email code,
 * stays signed in across a reload and logs out. Vue and Svelte drive <auth-modal> through attributes, the `config`
 * property and events; Next.js renders TesseraProvider on the server and hydrates without a mismatch.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USER_DID_PREFIX } from '../../src/protocol/index.js'
import { completeEmailLogin, modalHidden, modalPart, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack({ frameworks: true })
}, 180_000)
afterAll(async () => {
  await stack?.close()
})

/** React's hydration failures (development text, or the production build's error numbers 418, 423 and 425). */
const hydrationError = /hydrat|didn't match|react\.dev\/errors\/4(18|23|25)|error #4(18|23|25)/i

/** Collects the page's console errors from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/** From the signed-out page: signs in with a code from the outbox; returns the user id the page shows. */
async function signIn(page: Page, email: string): Promise<string> {
  await page.locator('#login').click({ timeout: uiTimeout })
  await completeEmailLogin(page, stack.api.url, email)
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
  // The dev app creates wallets at sign-in: the modal shows them being made, then closes by itself.
  await modalHidden(page)
  const userId = (await page.locator('#user-id').textContent()) ?? ''
  expect(userId.startsWith(USER_DID_PREFIX)).toBe(true)
  return userId
}

/** The session survives a reload (restored from storage), and logging out leaves the page signed out, also after a reload. */
async function reloadThenLogOut(page: Page, email: string, userId: string): Promise<void> {
  await page.reload()
  await page.locator('#user-email', { hasText: email }).waitFor({ timeout: uiTimeout })
  expect(await page.locator('#user-id').textContent()).toBe(userId)
  await page.locator('#logout').click()
  await page.locator('#login').waitFor({ timeout: uiTimeout })
  expect(await page.locator('#signed-in').count()).toBe(0)
  await page.reload()
  await page.locator('#login').waitFor({ timeout: uiTimeout })
  expect(await page.locator('#signed-in').count()).toBe(0)
}

describe.each([
  { demo: 'vue' as const, header: 'Log in to the Vue demo' },
  { demo: 'svelte' as const, header: 'Log in to the Svelte demo' },
])('email sign-in on the $demo demo', ({ demo, header }) => {
  it('the config property reaches the modal, a new user signs in by code, loginsuccess reaches the handler, the session survives a reload, and logout signs out', async () => {
    const email = `e2e-${demo}-${runId()}@example.com`
    await inNewPage(stack.browser, async (page) => {
      await page.goto(stack.pageUrl(demo))
      // Attributes gave the element its app and API (the landing loaded the app's methods); the `config` property its header.
      await page.locator('#login').click({ timeout: uiTimeout })
      await modalPart(page, 'title').filter({ hasText: header }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      const userId = await signIn(page, email)
      // Written by the page's @loginsuccess / onloginsuccess handler from the event's detail.
      expect(await page.locator('#welcome').textContent()).toBe('Welcome! Your account is new.')
      await reloadThenLogOut(page, email, userId)
    })
  })
})

describe('the Next.js demo', () => {
  it('renders the provider and the page on the server, before any script runs', async () => {
    const response = await fetch(stack.pageUrl('next'))
    expect(response.status).toBe(200)
    const html = await response.text()
    // The page's own markup, the account part's server render (no session is known there) and the provider's <auth-modal>.
    expect(html).toContain('<main><h1>Tessera</h1>')
    expect(html).toContain('Checking your session…')
    expect(html).toMatch(/<auth-modal[\s>]/)
  })

  it('hydrates without a React hydration error, and a new user signs in by code, stays signed in across a reload, and logs out', async () => {
    const email = `e2e-next-${runId()}@example.com`
    await inNewPage(stack.browser, async (page) => {
      const errors = consoleErrors(page)
      await page.goto(stack.pageUrl('next'))
      // The session check ran on the hydrated page (the server render only says it is checking).
      await page.locator('#login').waitFor({ timeout: uiTimeout })
      expect(errors.filter((error) => hydrationError.test(error))).toEqual([])
      const userId = await signIn(page, email)
      await reloadThenLogOut(page, email, userId)
      expect(errors.filter((error) => hydrationError.test(error))).toEqual([])
    })
  })
})
