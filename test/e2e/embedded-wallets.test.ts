/**
 * Embedded wallets end to end in Chromium on both demos (src/frame/README.md "Key custody"; wallet spec, "Screens and routes" and "States and transitions"): a new user signs
 * in by email and gets an Ethereum and a Solana wallet ('Creating your wallet' shows), keeps them across a reload,
 * signs a message, sends ETH on anvil and SOL on the local Solana endpoint, and on a new device (a new browser
 * context: no device share) gets the same addresses back through automatic recovery and signs again. Every
 * postMessage between page and frame and every request is recorded: no mnemonic, key, entropy or device share ever
 * leaves the frame (docs/security.md #42). A page on an origin the app does not allow gets no frame at all (docs/security.md #39).
 */
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { combine } from 'shamir-secret-sharing'
import type { Frame, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { HDKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID, FRAME_READY_EVENT } from '../../src/protocol/index.js'
// The frame's own SLIP-0010 derivation: only to name the Solana key this test must never see outside the frame.
import { solanaKeyPair } from '../../src/protocol/custody/solana-keys.js'
import { approveConfirmation, completeEmailLogin, modalHidden, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { recordContext, requestText, secretForms, type Recording } from '../harness/recording.js'

const ETH_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_RECIPIENT = '2nhJnUNAsi8HYuJw6TsCEnWztiSFZHUuFbawreHs8zxN'
const MESSAGE = 'Hello from the Tessera demo'

let stack: E2eStack
beforeAll(async () => {
  // The user signs in twice with one address (the second device) within the resend cooldown.
  stack = await startE2eStack({ react: true, api: { rateLimits: { resendCooldownSeconds: 0 } } })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** What the host page keeps: its storages and cookies (the frame's IndexedDB is on the API origin, not here). */
const pageStorage = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie, html: document.documentElement.outerHTML }),
  )

const walletFrame = (page: Page): Frame => {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === `/apps/${DEV_APP_ID}/embedded-wallets`)
  if (!frame) throw new Error('The wallet frame is not mounted')
  return frame
}

/**
 * The device shares in the frame's own IndexedDB, read from inside the frame only so the test knows what to look
 * for; none when the browser refuses the frame storage (the frame then keeps its shares in memory, out of reach).
 */
function deviceShares(page: Page): Promise<{ entropyId: string; shareVersion: number; share: number[] }[]> {
  return walletFrame(page).evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('tessera-wallet-frame')
        open.onerror = () => resolve([])
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('device-shares')) return resolve([])
          const all = open.result.transaction('device-shares', 'readonly').objectStore('device-shares').getAll()
          all.onerror = () => resolve([])
          all.onsuccess = () =>
            resolve(
              (all.result as { entropyId: string; shareVersion: number; share: Uint8Array }[]).map(({ entropyId, shareVersion, share }) => ({
                entropyId,
                shareVersion,
                share: Array.from(share),
              })),
            )
        }
      }),
  )
}

const HEADER_BYTES = 1 + 4 + 16
const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'))

interface ShareSetSecrets {
  entropy: Uint8Array
  mnemonic: string
  privateKey: Uint8Array
  deviceShares: Uint8Array[]
}

/**
 * The share set's secrets, rebuilt here from the two shares the frame hands the server at creation (auth, and the
 * recovery share the server seals); the rebuilt key must give the wallet's address, which proves they are the real ones.
 */
async function rebuildSecrets(chainType: 'ethereum' | 'solana', address: string, [authShare, recoveryShare]: Uint8Array[]): Promise<ShareSetSecrets> {
  const entropy = await combine([authShare!.slice(HEADER_BYTES), recoveryShare!.slice(HEADER_BYTES)])
  const mnemonic = entropyToMnemonic(entropy, wordlist)
  const seed = mnemonicToSeedSync(mnemonic)
  if (chainType === 'ethereum') {
    const privateKey = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0/0").privateKey!
    expect(privateKeyToAccount(`0x${Buffer.from(privateKey).toString('hex')}`).address).toBe(address)
    return { entropy, mnemonic, privateKey, deviceShares: [] }
  }
  const keyPair = solanaKeyPair(seed, 0)
  expect(keyPair.address).toBe(address)
  return { entropy, mnemonic, privateKey: keyPair.privateKey, deviceShares: [] }
}

/** Fails naming where a secret appeared: anywhere but inside the frame is a leak. */
async function expectNoSecretIn(recording: Recording, extra: string[], secrets: ShareSetSecrets[]): Promise<void> {
  const haystacks: [string, string][] = [
    ...recording.messages.map((message, index): [string, string] => [`postMessage #${index}`, JSON.stringify(message)]),
    ...extra.map((text, index): [string, string] => [`page storage #${index}`, text]),
  ]
  for (const request of recording.requests) haystacks.push([`${request.method} ${request.url}`, await requestText(request)])
  const needles = secrets.flatMap((secret) => [
    ['mnemonic', secret.mnemonic],
    ...secretForms(secret.entropy).map((form) => ['entropy', form]),
    ...secretForms(secret.privateKey).map((form) => ['private key', form]),
    ...secret.deviceShares.flatMap((share) => secretForms(share).map((form) => ['device share', form])),
  ])
  for (const [where, text] of haystacks)
    for (const [what, needle] of needles) if (text.toLowerCase().includes(needle!.toLowerCase())) throw new Error(`The ${what} appeared in ${where}`)
}

const walletAddress = (page: Page, chain: 'ethereum' | 'solana') => page.locator(`#embedded-wallets li[data-chain="${chain}"] .address`)

async function addresses(page: Page): Promise<{ ethereum: string; solana: string }> {
  await walletAddress(page, 'ethereum').waitFor({ timeout: walletTimeout })
  await walletAddress(page, 'solana').waitFor({ timeout: walletTimeout })
  expect(await page.locator('#embedded-wallets li').count()).toBe(2)
  return { ethereum: (await walletAddress(page, 'ethereum').textContent())!, solana: (await walletAddress(page, 'solana').textContent())! }
}

/** Clicks a demo action, approves its confirmation in the modal and waits for its result (or fails with the page's error text). */
async function act(page: Page, button: string, result: string, pattern: RegExp): Promise<string> {
  const before = await page.locator(result).textContent()
  await page.locator(button).click()
  await approveConfirmation(page)
  const outcome = page.locator(result).filter({ hasText: pattern })
  const failure = page.locator('#action-error:not([hidden])')
  await outcome.or(failure).first().waitFor({ timeout: walletTimeout })
  if (await failure.isVisible()) throw new Error(`${button} failed: ${await failure.textContent()}`)
  const text = (await page.locator(result).textContent())!
  expect(text).not.toBe(before)
  return text
}

async function signAndVerify(page: Page, address: string): Promise<void> {
  const signature = await act(page, '#sign-message', '#sign-result', /^0x[0-9a-f]{130}$/)
  expect(await verifyMessage({ address: address as Hex, message: MESSAGE, signature: signature as Hex })).toBe(true)
}

async function solanaBalance(address: string): Promise<bigint> {
  const response = await fetch(stack.chain.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

/** The auth and recovery shares the frame's creation request for a chain carried (the server keeps both). */
function serverShares(recording: Recording, chainType: string): Uint8Array[] {
  const created = recording.requests.find(
    (request) => request.method === 'POST' && new URL(request.url).pathname === '/api/v1/embedded_wallets' && JSON.parse(request.body).chain_type === chainType,
  )
  if (!created) throw new Error(`No creation request for ${chainType}`)
  const body = JSON.parse(created.body) as { auth_share: string; recovery: { method: string; share: string } }
  expect(body.recovery.method).toBe('privy')
  return [fromBase64(body.auth_share), fromBase64(body.recovery.share)]
}

const creations = (recording: Recording) =>
  recording.requests.filter((request) => request.method === 'POST' && new URL(request.url).pathname === '/api/v1/embedded_wallets')

describe('embedded wallets on the demos', () => {
  it.each(['vanilla', 'react'] as const)(
    '%s: creation on login, reload, signing, sending on both local chains, and automatic recovery on a new device; no secret leaves the frame',
    async (demo) => {
      const email = `e2e-embedded-${demo}-${runId()}@example.com`
      let first!: Recording
      let wallets: { ethereum: string; solana: string } | undefined
      const secrets: ShareSetSecrets[] = []
      const storages: string[] = []

      await inNewPage(stack.browser, async (page, context) => {
        first = await recordContext(context)
        await page.goto(stack.pageUrl(demo))
        await page.locator('#login').click({ timeout: uiTimeout })
        // Every title the modal shows from here on, in order.
        await page.evaluate(() => {
          const seen: string[] = ((window as unknown as { modalTitles: string[] }).modalTitles = [])
          const read = () => {
            const title = document.querySelector('auth-modal')?.shadowRoot?.querySelector('[part~="title"]')?.textContent
            if (title && seen.at(-1) !== title) seen.push(title)
            requestAnimationFrame(read)
          }
          read()
        })
        await completeEmailLogin(page, stack.api.url, email)
        await modalHidden(page)
        wallets = await addresses(page)
        const titles = await page.evaluate(() => (window as unknown as { modalTitles: string[] }).modalTitles)
        expect(titles.slice(-2)).toEqual(['Creating your wallet', 'Welcome to Tessera Dev'])
        expect(wallets.ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/)
        expect(wallets.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
        // Ethereum first, then Solana; one creation each.
        expect(creations(first).map((request) => JSON.parse(request.body).chain_type)).toEqual(['ethereum', 'solana'])

        // A reload connects the same wallets: no new creation.
        await page.reload()
        expect(await addresses(page)).toEqual(wallets)
        await signAndVerify(page, wallets.ethereum)
        expect(creations(first)).toHaveLength(2)

        // Test funds, then 0.001 ETH on anvil and 0.001 SOL on the local Solana endpoint.
        await page.locator('#fund-wallets').click()
        await page.locator('#action-result', { hasText: 'Test funds added' }).waitFor({ timeout: walletTimeout })
        const hash = await act(page, '#send-eth', '#send-result', /^0x[0-9a-f]{64}$/)
        const anvil = createPublicClient({ transport: http(stack.chain.anvil.rpcUrl) })
        const receipt = await anvil.waitForTransactionReceipt({ hash: hash as Hex, timeout: walletTimeout })
        expect(receipt.status).toBe('success')
        const sent = await anvil.getTransaction({ hash: hash as Hex })
        expect({ from: sent.from.toLowerCase(), to: sent.to?.toLowerCase(), value: sent.value, chainId: sent.chainId }).toEqual({
          from: wallets.ethereum.toLowerCase(),
          to: ETH_RECIPIENT.toLowerCase(),
          value: 10n ** 15n,
          chainId: stack.chain.anvil.chainId,
        })
        const recipientBefore = await solanaBalance(SOL_RECIPIENT)
        const senderBefore = await solanaBalance(wallets.solana)
        await act(page, '#send-sol', '#send-result', /^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
        expect(await solanaBalance(SOL_RECIPIENT)).toBe(recipientBefore + 1_000_000n)
        expect(await solanaBalance(wallets.solana)).toBeLessThan(senderBefore - 1_000_000n)

        const shares = await deviceShares(page)
        for (const chainType of ['ethereum', 'solana'] as const) {
          const rebuilt = await rebuildSecrets(chainType, wallets[chainType], serverShares(first, chainType))
          rebuilt.deviceShares.push(
            ...shares.filter((share) => share.entropyId.toLowerCase() === wallets![chainType].toLowerCase()).map((share) => Uint8Array.from(share.share)),
          )
          secrets.push(rebuilt)
        }
        storages.push(await pageStorage(page))
      })

      // A new device: a new context has no device share; the same user gets the same wallets back and signs.
      let second!: Recording
      await inNewPage(stack.browser, async (page, context) => {
        second = await recordContext(context)
        await signInOnDemo(page, stack.pageUrl(demo), stack.api.url, email, { previousCount: 1 })
        expect(await addresses(page)).toEqual(wallets)
        await signAndVerify(page, wallets!.ethereum)
        expect(creations(second)).toHaveLength(0)
        const recovered = second.requests.filter((request) => /\/recovery\/key_material$/.test(new URL(request.url).pathname))
        expect(recovered.length).toBeGreaterThan(0)
        // Recovery re-shares (a new version): the new device share, where readable, must not leave the frame either.
        expect(second.requests.some((request) => /\/reshare$/.test(new URL(request.url).pathname))).toBe(true)
        const shares = await deviceShares(page)
        secrets[0]!.deviceShares.push(
          ...shares.filter((share) => share.entropyId.toLowerCase() === wallets!.ethereum.toLowerCase()).map((share) => Uint8Array.from(share.share)),
        )
        storages.push(await pageStorage(page))
      })

      // docs/security.md #42: nothing of the key material crossed the frame's boundary, in either context.
      expect(first.messages.length).toBeGreaterThan(0)
      await expectNoSecretIn({ messages: [...first.messages, ...second.messages], requests: [...first.requests, ...second.requests] }, storages, secrets)
    },
    300_000,
  )

  it('the frame is not served into a page on an origin the app does not allow, and it answers no message there', async () => {
    const frameUrl = `${stack.api.url}/apps/${DEV_APP_ID}/embedded-wallets`
    const response = await fetch(frameUrl)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/frame-ancestors http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*(;|$)/)
    expect(policy).toContain("script-src 'self'")

    await inNewPage(stack.browser, async (page) => {
      const evilOrigin = 'http://wallet-thief.example'
      await page.route(`${evilOrigin}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><iframe id="frame" src="${frameUrl}"></iframe><script>
            const ready = ${JSON.stringify({ id: 'ready', event: FRAME_READY_EVENT, data: {} })}
            window.answers = []
            addEventListener('message', (event) => window.answers.push(event.data))
            const frame = document.getElementById('frame')
            setInterval(() => frame.contentWindow.postMessage(ready, '*'), 100)
          </script>`,
        }),
      )
      await page.goto(`${evilOrigin}/`)
      await page.waitForTimeout(3000)
      expect(await page.evaluate(() => (window as unknown as { answers: unknown[] }).answers)).toEqual([])
    })
  }, 60_000)
})
