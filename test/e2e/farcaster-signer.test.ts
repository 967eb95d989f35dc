/**
 * The Farcaster signer in Chromium against the real server: a user signed in with Farcaster asks, through the built
 * library's shared client, for an ed25519 key to be added to their fid. The test plays the Farcaster app: it reads
 * the approval link the client hands out and adds the key from the fid's custody address on the KeyRegistry
 * stand-in (local anvil chain); the client's 2 s poll sees it approved and reloads the user. Once removed on the
 * registry, a new request for the key is 'Request rejected'.
 */
import { generateKeyPairSync } from 'node:crypto'
import type { Page } from 'playwright-core'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveInFarcasterApp } from '../../server/src/test-support/farcaster-app.js'
import { landingRow, linkedAccountRow, modalPart, uiTimeout } from '../harness/demo-flows.js'
import { inNewPage, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'

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
 * Starts `client.farcaster.requestSigner(key)` on the page's shared client; the approval link and outcome land on
 * `window`. A script string: the page imports the built library itself (no transform of the test's code).
 */
function requestSignerInPage(page: Page, key: Hex) {
  return page.evaluate(`(async () => {
    const { getOrCreateClient } = await import('/tessera.js')
    const { appId, apiUrl } = window.TESSERA_DEMO
    const client = getOrCreateClient({ appId, apiUrl })
    window.signerOutcome = null
    window.signerApprovalUrl = null
    client.farcaster.requestSigner(${JSON.stringify(key)}, { onPendingApproval: ({ signerApprovalUrl }) => { window.signerApprovalUrl = signerApprovalUrl } })
      .then((approved) => { window.signerOutcome = { approved, user: client.getAuth().user?.farcaster ?? null } })
      .catch((error) => { window.signerOutcome = { error: { shortMessage: error.shortMessage, code: error.code } } })
  })()`)
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
      await page.goto(stack.pageUrl('vanilla'))
      await page.locator('#login').click({ timeout: uiTimeout })
      await (await landingRow(page, modal(page, 'farcaster-button'))).click({ timeout: uiTimeout })
      const link = modal(page, 'farcaster-copy-link')
      await link.waitFor({ timeout: uiTimeout })
      const relay = await approveInFarcasterApp({ apiUrl: stack.api.url, connectUri: (await link.getAttribute('href'))!, fid, custody, now: new Date(), profile: { username: 'signer' } })
      expect(relay.status).toBe(200)
      await linkedAccountRow(page, 'farcaster', `@signer (fid ${fid})`).waitFor({ timeout: uiTimeout })

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
})
