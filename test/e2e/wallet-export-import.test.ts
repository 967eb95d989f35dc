/**
 * Key export and private-key import end to end in Chromium on the vanilla demo (funding spec, "Screens and routes": "Key export"; wallet spec,
 * "States and transitions": on-device import; docs/security.md #42, #48). Export: the 'Export wallet' screen embeds the export frame; the key and
 * the seed phrase show inside that frame only (read through the frame's own DOM) and derive the wallet's address,
 * while a recording of every message and request of the host page, and the host's DOM, never hold them. Import: a
 * key made by this test becomes an imported wallet at its address, signs, and comes back on a new device; a Solana
 * secret key (base58, 64 bytes) does the same and also sends SOL on the local Solana chain.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approvedInModal, modalHidden, modalPart, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { fundAddress, solanaSecretKeyBase58 } from '../harness/local-chains.js'
import { recordContext, requestText, type Recording } from '../harness/recording.js'

const MESSAGE = 'Signed by an imported key'

let stack: E2eStack
beforeAll(async () => {
  // The user signs in twice with one address (the second device) within the resend cooldown.
  stack = await startE2eStack({ api: { rateLimits: { resendCooldownSeconds: 0 } } })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** The host page's own DOM, the modal's shadow root included (the export frame's document is another one). */
const hostDom = (page: Page) => page.evaluate(() => document.documentElement.outerHTML + (document.querySelector('auth-modal')?.shadowRoot?.innerHTML ?? ''))

const walletRow = (page: Page, chain: 'ethereum' | 'solana', imported: boolean) =>
  page.locator(`#embedded-wallets li[data-chain="${chain}"][data-imported="${imported}"] .address`)

/** Signs through the page's shared client (the one the demo and <auth-modal> use) with the wallet at `address`, approved in the modal. */
const signWith = (page: Page, address: string): Promise<string> =>
  // A source string: the test runner would rewrite a dynamic import inside a function.
  approvedInModal(
    page,
    page.evaluate(`(async () => {
    const { getOrCreateClient } = await import('/tessera.js')
    const { appId, apiUrl } = window.TESSERA_DEMO
    return (await getOrCreateClient({ appId, apiUrl }).embeddedWallets.signMessage({ message: ${JSON.stringify(MESSAGE)}, address: ${JSON.stringify(address)} })).signature
  })()`),
  )

/** Signs MESSAGE's bytes with the Solana wallet at `address` through the page's shared client, approved in the modal; the signature as hex. */
const signSolanaWith = (page: Page, address: string): Promise<string> =>
  approvedInModal(
    page,
    page.evaluate(`(async () => {
    const { getOrCreateClient } = await import('/tessera.js')
    const { appId, apiUrl } = window.TESSERA_DEMO
    const provider = await getOrCreateClient({ appId, apiUrl }).embeddedWallets.getSolanaProvider(${JSON.stringify(address)})
    const { signature } = await provider.signMessage(new TextEncoder().encode(${JSON.stringify(MESSAGE)}))
    return Array.from(signature, (byte) => byte.toString(16).padStart(2, '0')).join('')
  })()`),
  )

/** The demo's 'Send 0.001 SOL' transfer from `address` (shared/local-chains.js), approved in the modal; the confirmed transaction's signature. */
const sendSolFrom = (page: Page, address: string): Promise<string> =>
  approvedInModal(
    page,
    page.evaluate(`(async () => {
    const { getOrCreateClient } = await import('/tessera.js')
    const { sendSol } = await import('/shared/local-chains.js')
    const { appId, apiUrl } = window.TESSERA_DEMO
    return sendSol(getOrCreateClient({ appId, apiUrl }), ${JSON.stringify(address)})
  })()`),
  )

async function solanaBalance(address: string): Promise<bigint> {
  const response = await fetch(stack.chain.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

const expectSolanaSignature = async (page: Page, keypair: Keypair) =>
  expect(ed25519.verify(await signSolanaWith(page, keypair.publicKey.toBase58()), new TextEncoder().encode(MESSAGE), keypair.publicKey.toBytes())).toBe(true)

describe('key export and import on the vanilla demo', () => {
  it('exports the key and seed phrase inside the export frame only; imports a key that signs and survives a new device', async () => {
    const email = `e2e-export-${runId()}@example.com`
    const importedKey = generatePrivateKey()
    const importedAddress = privateKeyToAddress(importedKey)
    // The exported key and phrase: never outside the export frame.
    const secrets: string[] = []
    const recordings: Recording[] = []
    const doms: string[] = []

    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      const address = (await walletRow(page, 'ethereum', false).textContent({ timeout: walletTimeout }))!

      // Export: the screen's copy, the wallet card, and the key inside the frame.
      await page.locator('#export-wallet').click()
      await modalPart(page, 'title').filter({ hasText: 'Export wallet' }).waitFor({ timeout: walletTimeout })
      await expect(modalPart(page, 'body').textContent()).resolves.toContain('Never share your private key or seed phrase with anyone.')
      expect(await modalPart(page, 'wallet-address').textContent()).toBe(address)
      const frame = page.frameLocator('auth-modal iframe[part~="export-frame"]')
      await frame.locator('#export-private-key').click({ timeout: walletTimeout })
      const output = frame.locator('#export-secret')
      const status = frame.locator('#export-status')
      // The key; a failure reads the frame's own status line (which names what went wrong).
      await expect
        .poll(async () => (await output.textContent()) || `status: ${await status.textContent()}`, { timeout: walletTimeout })
        .toMatch(/^0x[0-9a-f]{64}$/)
      const privateKey = (await output.textContent())!
      expect(privateKeyToAddress(privateKey as Hex)).toBe(address)
      await frame.locator('#export-seed-phrase').click()
      await expect.poll(() => output.textContent(), { timeout: walletTimeout }).toMatch(/^([a-z]+ ){11}[a-z]+$/)
      const phrase = (await output.textContent())!
      expect(mnemonicToAccount(phrase).address).toBe(address)
      secrets.push(privateKey, privateKey.slice(2), phrase, phrase.split(' ').slice(0, 4).join(' '))
      doms.push(await hostDom(page))
      await modalPart(page, 'close-button').click()
      await modalHidden(page)

      // Import: a key of this test's making, through the modal's import screen.
      await page.locator('#import-wallet').click()
      await modalPart(page, 'title').filter({ hasText: 'Import wallet' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'import-key-input').fill(importedKey)
      await modalPart(page, 'submit-button').click()
      await modalPart(page, 'import-done').waitFor({ timeout: walletTimeout })
      expect(await modalPart(page, 'wallet-address').textContent()).toBe(importedAddress)
      // The form is cleared: the key no longer sits in the host's DOM.
      doms.push(await hostDom(page))
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      expect(await walletRow(page, 'ethereum', true).textContent({ timeout: walletTimeout })).toBe(importedAddress)
      expect(await verifyMessage({ address: importedAddress, message: MESSAGE, signature: (await signWith(page, importedAddress)) as Hex })).toBe(true)
    })

    // A new device: the imported wallet is recovered like a created one, and signs.
    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email, { previousCount: 1 })
      expect(await walletRow(page, 'ethereum', true).textContent({ timeout: walletTimeout })).toBe(importedAddress)
      expect(await verifyMessage({ address: importedAddress, message: MESSAGE, signature: (await signWith(page, importedAddress)) as Hex })).toBe(true)
      expect(recordings[1]!.requests.some((request) => request.url.includes(`/api/v1/embedded_wallets/${importedAddress}/recovery/key_material`))).toBe(true)
      doms.push(await hostDom(page))
    })

    // docs/security.md #42/#48: no exported key or phrase in any message, request or response, nor in the host page. The imported
    // key went to the wallet frame in its 'import' message only: it is in no other message, no request, no host DOM.
    const messages = recordings.flatMap((recording) => recording.messages.map((message) => message.data))
    expect(messages.some((message) => message.includes('privy:export:token'))).toBe(true)
    const requests = await Promise.all(recordings.flatMap((recording) => recording.requests.map(requestText)))
    const everything = [...messages, ...requests, ...doms].join('\n').toLowerCase()
    for (const secret of secrets) expect(everything.includes(secret.toLowerCase()), `an exported secret leaked: ${secret.slice(0, 6)}…`).toBe(false)
    const importMessages = messages.filter((message) => message.includes(importedKey.slice(2)))
    expect(importMessages.length).toBeGreaterThan(0)
    for (const message of importMessages) expect(JSON.parse(message).event).toBe('import')
    const outsideImport = [...messages.filter((message) => !importMessages.includes(message)), ...requests, ...doms].join('\n').toLowerCase()
    expect(outsideImport.includes(importedKey.slice(2))).toBe(false)
  }, 300_000)
  it('imports a Solana secret key through the modal: it signs, sends SOL on the local chain, and survives a new device', async () => {
    const email = `e2e-import-solana-${runId()}@example.com`
    const keypair = Keypair.generate()
    const secretKey = solanaSecretKeyBase58(keypair)
    const address = keypair.publicKey.toBase58()
    const recordings: Recording[] = []
    const doms: string[] = []

    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email)
      await walletRow(page, 'solana', false).waitFor({ timeout: walletTimeout })

      await page.locator('#import-wallet').click()
      await modalPart(page, 'title').filter({ hasText: 'Import wallet' }).waitFor({ timeout: uiTimeout })
      await modalPart(page, 'import-chain').selectOption('solana')
      await modalPart(page, 'import-key-input').fill(secretKey)
      await modalPart(page, 'submit-button').click()
      await modalPart(page, 'import-done').waitFor({ timeout: walletTimeout })
      expect(await modalPart(page, 'wallet-address').textContent()).toBe(address)
      doms.push(await hostDom(page))
      await modalPart(page, 'close-button').click()
      await modalHidden(page)
      expect(await walletRow(page, 'solana', true).textContent({ timeout: walletTimeout })).toBe(address)

      // The imported key signs (checked against its public key in node) and pays for a transfer on the local chain.
      await expectSolanaSignature(page, keypair)
      await fundAddress(stack.chain, address, 1_000_000_000n)
      const before = await solanaBalance(address)
      expect(before).toBe(1_000_000_000n)
      expect(await sendSolFrom(page, address)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      // 0.001 SOL and the fee.
      expect(await solanaBalance(address)).toBeLessThan(before - 1_000_000n)
    })

    // A new device recovers the imported wallet like a created one.
    await inNewPage(stack.browser, async (page, context) => {
      recordings.push(await recordContext(context))
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, email, { previousCount: 1 })
      expect(await walletRow(page, 'solana', true).textContent({ timeout: walletTimeout })).toBe(address)
      await expectSolanaSignature(page, keypair)
      expect(recordings[1]!.requests.some((request) => request.url.includes(`/api/v1/embedded_wallets/${address}/recovery/key_material`))).toBe(true)
      doms.push(await hostDom(page))
    })

    // The secret key went to the wallet frame in its 'import' message only.
    const messages = recordings.flatMap((recording) => recording.messages.map((message) => message.data))
    const importMessages = messages.filter((message) => message.includes(secretKey))
    expect(importMessages.length).toBeGreaterThan(0)
    for (const message of importMessages) expect(JSON.parse(message).event).toBe('import')
    const requests = await Promise.all(recordings.flatMap((recording) => recording.requests.map(requestText)))
    const outsideImport = [...messages.filter((message) => !importMessages.includes(message)), ...requests, ...doms].join('\n')
    expect(outsideImport.includes(secretKey), 'the imported secret key left the import message').toBe(false)
    expect(outsideImport.toLowerCase().includes(Buffer.from(keypair.secretKey.slice(0, 32)).toString('hex')), 'the imported seed left the frame').toBe(false)
  }, 300_000)
})
