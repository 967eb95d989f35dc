import { ed25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FarcasterSignerStatusResponse } from '../../src/protocol/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse } from '../../src/core/test-support/fixtures.js'
import {
  getOrCreateClient,
  TesseraError as CoreError,
  type EmbeddedWalletsApi,
  type FarcasterSignerApproved,
  type FarcasterSignerPendingApproval,
  type TesseraClient,
  type TesseraError,
} from '../../src/core/index.js'
import { TesseraProvider, useFarcasterSigner, useTesseraClient, type UseFarcasterSignerOptions, type UseFarcasterSignerResult } from '../index.js'

const appId = 'tessera-test-app-00000044'
const KEY = `0x${'cd'.repeat(32)}`
const APPROVAL_URL = `https://farcaster.xyz/~/signed-key-request?token=t&key=${KEY}&fid=9`
let api: FakeApi
let client: TesseraClient | null = null
let initAnswer: FarcasterSignerStatusResponse
beforeEach(async () => {
  initAnswer = { status: 'pending_approval', public_key: KEY, signer_approval_url: APPROVAL_URL }
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId }) }),
      'POST /api/v1/guest/authenticate': async () => ({ body: await authResponse() }),
      'POST /api/v1/farcaster/signer/init': () => ({ body: initAnswer }),
      'POST /api/v1/farcaster/signer/status': () => ({ body: { status: 'approved', public_key: KEY, fid: 9 } }),
    }),
  )
})
afterEach(async () => {
  client?.destroy()
  registry().delete(appId)
  await api.close()
})

const registry = () => (globalThis as Record<symbol, Map<string, TesseraClient>>)[Symbol.for('tessera.client')]!

/** The app's client with its embedded wallets standing in for the frame: a real ed25519 signer key (or none). */
function withEmbeddedSignerKey(privateKey: Uint8Array | null) {
  const real = getOrCreateClient({ appId, apiUrl: api.url })
  const missing = new CoreError({ code: 'embedded_wallet_not_found', shortMessage: 'Connect failed' })
  const embeddedWallets = {
    ...real.embeddedWallets,
    getFarcasterSignerPublicKey: async () => {
      if (!privateKey) throw missing
      return `0x${bytesToHex(ed25519.getPublicKey(privateKey))}` as const
    },
    signFarcasterMessage: async (hash: Uint8Array | `0x${string}`) => {
      if (!privateKey) throw missing
      const bytes = typeof hash === 'string' ? hexToBytes(hash.slice(2)) : hash
      return { signature: `0x${bytesToHex(ed25519.sign(bytes, privateKey))}` as const }
    },
  } as EmbeddedWalletsApi
  // As the core does (signer.test.ts): no key given → the embedded wallet's.
  const farcaster = {
    ...real.auth.farcaster,
    requestSigner: async (key?: string | null, options?: Parameters<TesseraClient['auth']['farcaster']['requestSigner']>[1]) =>
      real.auth.farcaster.requestSigner(key === undefined ? await embeddedWallets.getFarcasterSignerPublicKey() : key, options),
  } as TesseraClient['auth']['farcaster']
  registry().set(appId, { ...real, embeddedWallets, auth: { ...real.auth, farcaster } } as TesseraClient)
  return real
}

async function render(withOnError: boolean) {
  const events: { pending: FarcasterSignerPendingApproval[]; approved: FarcasterSignerApproved[]; errors: TesseraError[] } = {
    pending: [],
    approved: [],
    errors: [],
  }
  const options: UseFarcasterSignerOptions = {
    onPendingApproval: (approval) => events.pending.push(approval),
    onSuccess: (approved) => events.approved.push(approved),
    ...(withOnError && { onError: (error: TesseraError) => events.errors.push(error) }),
  }
  let hook: UseFarcasterSignerResult | undefined
  function Probe() {
    hook = useFarcasterSigner(options)
    client = useTesseraClient()
    return null
  }
  renderToString(
    <TesseraProvider appId={appId} apiUrl={api.url}>
      <Probe />
    </TesseraProvider>,
  )
  await client!.ready
  await client!.auth.guest.login()
  return { hook: hook!, events }
}

describe('useFarcasterSigner', () => {
  it('hands out the approval link, then reports the approval', async () => {
    const { hook, events } = await render(true)
    await expect(hook.requestFarcasterSigner(KEY)).resolves.toEqual({ status: 'approved', publicKey: KEY, fid: 9 })
    expect(events.pending).toEqual([{ publicKey: KEY, signerApprovalUrl: APPROVAL_URL }])
    expect(events.approved).toEqual([{ status: 'approved', publicKey: KEY, fid: 9 }])
    expect(events.errors).toEqual([])
  })

  it("reports 'Request rejected' and 'Connect failed' to onError, or rejects without it", async () => {
    initAnswer = { status: 'revoked', public_key: KEY, fid: 9 }
    const { hook, events } = await render(true)
    await expect(hook.requestFarcasterSigner(KEY)).resolves.toBeUndefined()
    await hook.requestFarcasterSigner(null)
    expect(events.errors.map((error) => error.shortMessage)).toEqual(['Request rejected', 'Connect failed'])
    const bare = await render(false)
    await expect(bare.hook.requestFarcasterSigner(KEY)).rejects.toMatchObject({ shortMessage: 'Request rejected' })
  })

  it("without a key, requests the embedded wallet's signer key and signs Farcaster messages with it", async () => {
    const privateKey = ed25519.utils.randomPrivateKey()
    const embeddedKey = `0x${bytesToHex(ed25519.getPublicKey(privateKey))}`
    initAnswer = { status: 'pending_approval', public_key: embeddedKey, signer_approval_url: APPROVAL_URL }
    const real = withEmbeddedSignerKey(privateKey)
    const { hook, events } = await render(true)
    await hook.requestFarcasterSigner()
    expect(api.calls('/api/v1/farcaster/signer/init').map((call) => call.body)).toEqual([{ ed25519_public_key: embeddedKey }])
    expect(events.pending).toEqual([{ publicKey: embeddedKey, signerApprovalUrl: APPROVAL_URL }])
    const hash = new Uint8Array(20).fill(7)
    const signed = await hook.signFarcasterMessage(hash)
    expect(ed25519.verify(hexToBytes(signed!.signature.slice(2)), hash, hexToBytes(embeddedKey.slice(2)))).toBe(true)
    expect(events.errors).toEqual([])
    real.destroy()
  })

  it("without an embedded signer key: 'Connect failed' to onError, nothing requested", async () => {
    const real = withEmbeddedSignerKey(null)
    const { hook, events } = await render(true)
    await expect(hook.requestFarcasterSigner()).resolves.toBeUndefined()
    await expect(hook.signFarcasterMessage(new Uint8Array(20))).resolves.toBeUndefined()
    expect(events.errors.map((error) => error.shortMessage)).toEqual(['Connect failed', 'Connect failed'])
    expect(api.calls('/api/v1/farcaster/signer/init')).toEqual([])
    real.destroy()
  })

  it('cancel() stops the wait', async () => {
    const { hook, events } = await render(true)
    const request = hook.requestFarcasterSigner(KEY)
    await new Promise<void>((resolve) => {
      const check = () => (events.pending.length ? resolve() : setTimeout(check, 10))
      check()
    })
    hook.cancel()
    await request
    expect(events.errors.map((error) => error.code)).toEqual(['client_request_aborted'])
    expect(api.calls('/api/v1/farcaster/signer/status')).toEqual([])
  })
})
