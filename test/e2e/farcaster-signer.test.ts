/**
 * The Farcaster signer in Chromium against the real server: a user signed in with Farcaster asks, through the built
 * library's shared client, for an ed25519 key to be added to their fid. The test plays the Farcaster app: it reads
 * the approval link the client hands out and adds the key from the fid's custody address on the KeyRegistry
 * stand-in (local anvil chain); the client's 2 s poll sees it approved and reloads the user. Once removed on the
 * registry, a new request for the key is 'Request rejected'.
 *
 * With the embedded wallet's key: the same user (whose Ethereum wallet the login created) opens the modal's
 * 'farcaster:signer' screen; the wallet frame derives the signer key from the wallet's HD entropy and hands out only
 * its public half, which the test adds on the registry; the screen shows success and closes, and a Farcaster message
 * hash signed on the page verifies in node against the registered key. Every postMessage and request is recorded:
 * neither the signer key nor the entropy it comes from ever leaves the frame.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { combine } from 'shamir-secret-sharing'
import type { Page } from 'playwright-core'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveInFarcasterApp } from '../../server/src/test-support/farcaster-app.js'
// The frame's own derivation: only to name the key this test must never see outside the frame.
import { farcasterSignerKey } from '../../src/frame/custody/farcaster-key.js'
import { landingRow, linkedAccountRow, modalHidden, modalPart, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { recordContext, requestText, secretForms, type Recording } from '../harness/recording.js'

let stack: E2eStack

beforeAll(async () => {
  stack = await startE2eStack({ react: false })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const modal = modalPart

function ed25519PublicKey(): Hex {
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' })
  return `0x${Buffer.from(jwk.x as string, 'base64url').toString('hex')}`
}

/**
 * Starts `client.auth.farcaster.requestSigner(key)` on the page's shared client; the approval link and outcome land on
 * `window`. A script string: the page imports the built library itself (no transform of the test's code).
 */
function requestSignerInPage(page: Page, key: Hex) {
  return page.evaluate(`(async () => {
    const { getOrCreateClient } = await import('/tessera.js')
    const { appId, apiUrl } = window.TESSERA_DEMO
    const client = getOrCreateClient({ appId, apiUrl })
    window.signerOutcome = null
    window.signerApprovalUrl = null
    client.auth.farcaster.requestSigner(${JSON.stringify(key)}, { onPendingApproval: ({ signerApprovalUrl }) => { window.signerApprovalUrl = signerApprovalUrl } })
      .then((approved) => { window.signerOutcome = { approved, user: client.getAuth().user?.farcaster ?? null } })
      .catch((error) => { window.signerOutcome = { error: { shortMessage: error.shortMessage, code: error.code } } })
  })()`)
}

/** Signs in with Farcaster as `fid` on the vanilla demo (the test plays the Farcaster app) and waits for the account row. */
async function signInWithFarcaster(page: Page, fid: number, custody: ReturnType<typeof privateKeyToAccount>, username: string) {
  await page.goto(stack.pageUrl('vanilla'))
  await page.locator('#login').click({ timeout: uiTimeout })
  await (await landingRow(page, modal(page, 'farcaster-button'))).click({ timeout: uiTimeout })
  const link = modal(page, 'farcaster-copy-link')
  await link.waitFor({ timeout: uiTimeout })
  const relay = await approveInFarcasterApp({
    apiUrl: stack.api.url,
    connectUri: (await link.getAttribute('href'))!,
    fid,
    custody,
    now: new Date(),
    profile: { username },
  })
  expect(relay.status).toBe(200)
  await linkedAccountRow(page, 'farcaster', `@${username} (fid ${fid})`).waitFor({ timeout: uiTimeout })
}

/** The Ethereum share set's entropy, rebuilt from the auth and recovery shares its creation request carried. */
async function createdEntropy(recording: Recording): Promise<Uint8Array> {
  const created = recording.requests.find(
    (request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/v1/embedded_wallets' && JSON.parse(request.body).chain_type === 'ethereum',
  )
  if (!created) throw new Error('No Ethereum wallet creation request')
  const body = JSON.parse(created.body) as { auth_share: string; recovery: { share: string } }
  // Each share is wrapped as [format][version u32][split id 16 bytes][shamir share].
  const unwrap = (text: string) => Uint8Array.from(Buffer.from(text, 'base64')).slice(1 + 4 + 16)
  return combine([unwrap(body.auth_share), unwrap(body.recovery.share)])
}

const fromWindow = async <T>(page: Page, name: string): Promise<T> =>
  (await page.waitForFunction((key) => (window as unknown as Record<string, unknown>)[key] ?? null, name, { timeout: uiTimeout })).jsonValue() as Promise<T>

describe('Farcaster signer', () => {
  it('is approved once the custody address adds the key, and rejected once it is removed', async () => {
    const fid = 10_000 + Math.floor(Math.random() * 1_000_000)
    const custody = privateKeyToAccount(generatePrivateKey())
    await stack.chain.farcasterRegistry.setCustody(fid, custody.address)
    const key = ed25519PublicKey()
    await inNewPage(stack.browser, async (page) => {
      await signInWithFarcaster(page, fid, custody, 'signer')

      await requestSignerInPage(page, key)
      const approval = new URL(await fromWindow<string>(page, 'signerApprovalUrl'))
      expect(approval.searchParams.get('fid')).toBe(String(fid))
      expect(approval.searchParams.get('key')).toBe(key)
      await stack.chain.farcasterKeyRegistry.add(custody, fid, approval.searchParams.get('key') as Hex)
      expect(await fromWindow(page, 'signerOutcome')).toEqual({
        approved: { status: 'approved', publicKey: key, fid },
        user: expect.objectContaining({ fid, signerPublicKey: key }),
      })

      await stack.chain.farcasterKeyRegistry.remove(custody, fid, key)
      await requestSignerInPage(page, key)
      expect(await fromWindow(page, 'signerOutcome')).toEqual({ error: { shortMessage: 'Request rejected', code: 'unable_to_sign' } })
    })
  })

  it("adds the embedded wallet's own key through the modal screen, signs with it, and the key never leaves the frame", async () => {
    const fid = 10_000 + Math.floor(Math.random() * 1_000_000)
    const custody = privateKeyToAccount(generatePrivateKey())
    await stack.chain.farcasterRegistry.setCustody(fid, custody.address)
    await inNewPage(stack.browser, async (page, context) => {
      const recording = await recordContext(context)
      await signInWithFarcaster(page, fid, custody, 'embedded')
      // Creation on login is on in the dev app: the user gets an Ethereum wallet, and the modal closes.
      await page.locator('#embedded-wallets li[data-chain="ethereum"] .address').waitFor({ timeout: 60_000 })
      await modalHidden(page)

      await page.locator('#farcaster-signer').click()
      await modal(page, 'farcaster-signer-qr-code').waitFor({ timeout: uiTimeout })
      expect(await modal(page, 'title').textContent()).toBe('Add a Farcaster signer')
      const approval = new URL((await modal(page, 'farcaster-signer-open').getAttribute('href'))!)
      const key = approval.searchParams.get('key') as Hex
      expect(approval.searchParams.get('fid')).toBe(String(fid))
      // The frame's key is the SLIP-0010 signer path over the wallet's entropy: nothing else could give this key.
      const secret = await farcasterSignerKey(await createdEntropy(recording))
      expect(key).toBe(`0x${Buffer.from(secret.publicKey).toString('hex')}`)

      await stack.chain.farcasterKeyRegistry.add(custody, fid, key)
      await modal(page, 'farcaster-signer-done').waitFor({ timeout: uiTimeout })
      expect(await modal(page, 'title').textContent()).toBe('Signer added')
      await modalHidden(page)

      // A Farcaster message hash (20 bytes of BLAKE3) signed in the frame; the page gets the signature only.
      const hash = `0x${randomBytes(20).toString('hex')}`
      const signed = (await page.evaluate(`(async () => {
        const { getOrCreateClient } = await import('/tessera.js')
        const { appId, apiUrl } = window.TESSERA_DEMO
        const client = getOrCreateClient({ appId, apiUrl })
        const { signature } = await client.embeddedWallets.signFarcasterMessage(${JSON.stringify(hash)})
        return { signature, signerPublicKey: client.getAuth().user?.farcaster?.signerPublicKey ?? null }
      })()`)) as { signature: Hex; signerPublicKey: string | null }
      expect(signed.signerPublicKey).toBe(key)
      const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
      expect(ed25519.verify(bytes(signed.signature), bytes(hash), bytes(key))).toBe(true)

      // docs/security.md #42: neither the signer key nor the entropy it derives from crosses a postMessage or a request.
      const haystacks = [...recording.messages.map((message) => JSON.stringify(message)), ...(await Promise.all(recording.requests.map(requestText)))]
      expect(recording.messages.some((message) => message.data.includes('farcaster:sign'))).toBe(true)
      const needles = [...secretForms(secret.privateKey), ...secretForms(await createdEntropy(recording))].map((needle) => needle.toLowerCase())
      for (const text of haystacks) for (const needle of needles) expect(text.toLowerCase().includes(needle)).toBe(false)

      // Removed on the registry, the next request is 'Request rejected'; 'Try again' (from the keyboard) asks again.
      await stack.chain.farcasterKeyRegistry.remove(custody, fid, key)
      const inits = () => recording.requests.filter((request) => new URL(request.url).pathname === '/api/v1/farcaster/signer/init').length
      const before = inits()
      await page.locator('#farcaster-signer').click()
      const retry = modal(page, 'retry-button')
      await retry.waitFor({ timeout: uiTimeout })
      expect(await modal(page, 'title').textContent()).toBe('Request rejected')
      await retry.focus()
      await page.keyboard.press('Enter')
      await expect.poll(inits, { timeout: uiTimeout }).toBe(before + 2)
      await retry.waitFor({ timeout: uiTimeout })
      expect(await modal(page, 'title').textContent()).toBe('Request rejected')
    })
  }, 180_000)
})
