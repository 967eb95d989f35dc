/**
 * The browser scenarios' world: the dev stack `npm start` runs (local OAuth provider, demo server with the
 * demo identity provider, the real API server on a fresh copy of the template database, configured by the
 * generated config file) plus headless Chromium, and a page wrapper that adds the page's own errors to a
 * failure's message.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { AppFile } from '../../server/src/apps/app-file-schema.js'
import { startTestServer, type StartServerOptions, type TestServer } from './api-server.js'
import { launchChromium } from './chromium.js'
import { startDevStack, type DevStack, type FrameworkDemos } from './dev-stack.js'
import { buildNextDemo, buildViteDemos, startNextDemo } from './framework-demos.js'
import { ensureLibraryBuilt } from './library-build.js'
import { testDataDir } from './paths.js'
import { buildReactDemo } from './react-demo.js'
import type { ViteDemoName } from './vite-demos.js'

export type DemoName = 'vanilla' | 'server-wallets' | 'react' | 'vue' | 'svelte' | 'next'

export interface E2eStack extends DevStack<TestServer> {
  browser: Browser
  /** A demo page on `localhost` (cross-origin to the API on 127.0.0.1, so CORS is exercised too). */
  pageUrl(demo: DemoName): string
}

export interface E2eStackOptions {
  /** Builds the React demo (a few seconds) so `/react/` is served. */
  react?: boolean
  /** Builds the Vue, Svelte and Next.js demos when their sources or dist changed (a Next build takes about half a minute). */
  frameworks?: boolean
  /** Builds these Vite demos (test/harness/vite-demos.ts) when their inputs changed, without the framework demos. */
  viteDemos?: ViteDemoName[]
  extraApps?: (demo: { demoUrls: string[] }) => AppFile[]
  /** Changes the dev app's settings for this file's scenarios. */
  devApp?: (app: AppFile) => AppFile
  /** Runs the WalletConnect relay stand-in and lists WalletConnect in the dev app (dev-stack.ts `walletConnect`). */
  walletConnect?: boolean
  /** Deploys the ERC-4337 contracts on anvil and runs the alto bundler: `stack.aa` holds its URL and the addresses. */
  aa?: boolean
  /** More API server options (e.g. a shorter resend cooldown for a scenario that signs in twice). */
  api?: Omit<StartServerOptions, 'port' | 'configFile' | 'dataDir' | 'databaseUrl'>
}

/** A short id unique to this run, for addresses and accounts. */
export const runId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

export async function startE2eStack(options: E2eStackOptions = {}): Promise<E2eStack> {
  ensureLibraryBuilt()
  let reactDemoDir: string | undefined
  if (options.react) {
    // Built outside dist/, which a library rebuild wipes.
    mkdirSync(testDataDir, { recursive: true })
    reactDemoDir = await buildReactDemo(mkdtempSync(join(testDataDir, 'react-demo-')))
  }
  let frameworkDemos: FrameworkDemos | undefined
  const viteDemoList: ViteDemoName[] = [...(options.frameworks ? (['vue', 'svelte'] as const) : []), ...(options.viteDemos ?? [])]
  if (options.frameworks) buildNextDemo()
  if (viteDemoList.length > 0) frameworkDemos = { viteDemoDirs: await buildViteDemos(viteDemoList), ...(options.frameworks ? { startNextDemo } : {}) }
  const stack = await startDevStack({
    startApi: ({ port, configFile }) => startTestServer({ ...options.api, port, configFile }),
    reactDemoDir,
    frameworkDemos,
    extraApps: options.extraApps,
    devApp: options.devApp,
    walletConnect: options.walletConnect,
    aa: options.aa,
  })
  let browser: Browser
  try {
    browser = await launchChromium()
  } catch (error) {
    await stack.close()
    throw error
  }
  return {
    ...stack,
    browser,
    pageUrl: (demo) => `http://localhost:${stack.demo.port}/${demo}/`,
    async close() {
      await browser.close()
      await stack.close()
      if (reactDemoDir) rmSync(reactDemoDir, { recursive: true, force: true })
    },
  }
}

/** Where the page is and what its modal (open shadow root) and body say: context for a failed step. */
async function describePage(page: Page): Promise<string> {
  if (page.isClosed()) return '(closed)'
  const text = await page
    .evaluate(() => {
      const squash = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 400)
      const modal = document.querySelector('auth-modal')
      const modalText = modal?.hasAttribute('open') ? squash(modal.shadowRoot?.textContent) : '(closed)'
      // biome-ignore lint/performance/useDomNodeTextContent: the visible text is wanted, as a user reads it
      return `modal: ${modalText} | page: ${squash(document.querySelector('main')?.innerText)}`
    })
    .catch((error: Error) => `(unreadable: ${error.message})`)
  return `${page.url()} ${text}`
}

/**
 * Runs `scenario` in a fresh browser context; on failure the page's uncaught errors and console errors
 * are added to the message (a timeout names what was awaited, the page usually says why). Fails too
 * when the page threw, even if the scenario passed.
 */
export async function inNewPage(browser: Browser, scenario: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  const navigations: string[] = []
  const listen = (target: Page) => {
    const tag = target === page ? '' : '[popup] '
    target.on('pageerror', (error) => pageErrors.push(`${tag}${error.message}`))
    target.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${tag}${message.text()}`)
    })
    target.on('framenavigated', (frame) => {
      if (frame === target.mainFrame()) navigations.push(`${tag}${frame.url()}`)
    })
  }
  listen(page)
  context.on('page', (opened) => {
    if (opened !== page) listen(opened)
  })
  try {
    await scenario(page, context)
  } catch (error) {
    if (error instanceof Error) {
      const original = error.message
      error.message += [...pageErrors, ...consoleErrors].map((line) => `\n  page: ${line}`).join('')
      error.message += `\n  navigations: ${navigations.join(' → ') || '(none)'}`
      error.message += `\n  the page at failure: ${await describePage(page)}`
      // Reports print the stack, whose first line was fixed when the error was made.
      if (error.stack) error.stack = error.stack.replace(original, error.message)
    }
    throw error
  } finally {
    await context.close()
  }
  if (pageErrors.length > 0) throw new Error(`The page threw:\n  ${pageErrors.join('\n  ')}`)
}
