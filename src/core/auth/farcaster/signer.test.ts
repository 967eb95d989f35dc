import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FarcasterSignerStatusResponse, LinkedAccountDto } from '../../../protocol/index.js'
import { createTransport } from '../../api/transport.js'
import { TesseraError } from '../../errors/base-error.js'
import { createClient } from '../../client.js'
import { createMemoryStorage } from '../../session/storage.js'
import { startFakeApi, type FakeApi } from '../../test-support/api-server.js'
import { apiRoutes } from '../../test-support/fake-routes.js'
import { authResponse, TEST_APP_ID, userDto } from '../../test-support/fixtures.js'
import type { FarcasterSignerPendingApproval, TesseraClient } from '../../types.js'
import { createFarcasterSigner } from './signer.js'

const INIT = '/api/v1/farcaster/signer/init'
const STATUS = '/api/v1/farcaster/signer/status'
const KEY = `0x${'ab'.repeat(32)}`
const APPROVAL_URL = `https://farcaster.xyz/~/signed-key-request?token=t&key=${KEY}&fid=42`
const pending: FarcasterSignerStatusResponse = { status: 'pending_approval', public_key: KEY }
const approved: FarcasterSignerStatusResponse = { status: 'approved', public_key: KEY, fid: 42 }
const revoked: FarcasterSignerStatusResponse = { status: 'revoked', public_key: KEY, fid: 42 }

interface Recorded {
  path: string
  at: number
  body: unknown
  authorization: string | null
}

/** A signer over the real transport whose fetch answers in memory: init pending, then `statuses` in turn (the last repeats). */
function signerWith(statuses: FarcasterSignerStatusResponse[], authenticated = true, getFarcasterSignerPublicKey?: () => Promise<`0x${string}`>) {
  const calls: Recorded[] = []
  const refreshUser = vi.fn(async () => undefined)
  let polls = 0
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname
    const headers = new Headers(init?.headers)
    calls.push({ path, at: Date.now(), body: JSON.parse(String(init?.body)), authorization: headers.get('authorization') })
    const answer = path === INIT ? { ...pending, signer_approval_url: APPROVAL_URL } : statuses[Math.min(polls++, statuses.length - 1)]
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
  }
  const transport = createTransport({ apiUrl: 'https://api.example', appId: TEST_APP_ID, fetch, getAccessToken: async () => 'access-1' })
  const signer = createFarcasterSigner({
    transport,
    isAuthenticated: () => authenticated,
    refreshUser,
    ...(getFarcasterSignerPublicKey && { embeddedWallets: { load: async () => ({ getFarcasterSignerPublicKey }) } }),
  })
  return { signer, calls, refreshUser }
}

describe('createFarcasterSigner', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('inits, hands out the approval link, polls every 2 s and resolves once approved', async () => {
    const { signer, calls, refreshUser } = signerWith([pending, pending, approved])
    const approvals: FarcasterSignerPendingApproval[] = []
    const result = signer.requestSigner(KEY, { onPendingApproval: (approval) => approvals.push(approval) })
    await vi.advanceTimersByTimeAsync(6_000)
    await expect(result).resolves.toEqual({ status: 'approved', publicKey: KEY, fid: 42 })
    expect(approvals).toEqual([{ publicKey: KEY, signerApprovalUrl: APPROVAL_URL }])
    expect(calls.map((call) => call.path)).toEqual([INIT, STATUS, STATUS, STATUS])
    expect(calls.every((call) => call.authorization === 'Bearer access-1')).toBe(true)
    expect(calls.every((call) => JSON.stringify(call.body) === JSON.stringify({ ed25519_public_key: KEY }))).toBe(true)
    expect(calls.slice(1).map((call, index) => call.at - calls[index]!.at)).toEqual([2_000, 2_000, 2_000])
    expect(refreshUser).toHaveBeenCalledOnce()
  })

  it("rejects with 'Request rejected' once the key is revoked", async () => {
    const { signer, refreshUser } = signerWith([pending, revoked])
    const result = signer.requestSigner(KEY).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(4_000)
    expect(await result).toMatchObject({ code: 'unable_to_sign', shortMessage: 'Request rejected' })
    expect(refreshUser).not.toHaveBeenCalled()
  })

  it("gives up after 300000 ms with 'Connect failed' / 'The request timed out. Try again.'", async () => {
    const { signer, calls } = signerWith([pending])
    const result = signer.requestSigner(KEY).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(299_000)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await result).toMatchObject({
      code: 'client_request_timeout',
      shortMessage: 'Connect failed',
      details: 'The request timed out. Try again.',
      retryable: true,
    })
    expect(calls.filter((call) => call.path === STATUS)).toHaveLength(150)
    expect(calls.at(-1)!.at).toBeLessThanOrEqual(300_000 + calls[0]!.at)
  })

  it("refuses a missing key with 'Connect failed' before any request, and a signed-out caller", async () => {
    const { signer, calls } = signerWith([approved])
    for (const missing of [undefined, null, '']) {
      await expect(signer.requestSigner(missing)).rejects.toMatchObject({ code: 'embedded_wallet_not_found', shortMessage: 'Connect failed' })
    }
    await expect(signerWith([approved], false).signer.requestSigner(KEY)).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(calls).toEqual([])
  })

  it('without a key, asks the embedded wallet for its Farcaster signer key; an explicit one still wins', async () => {
    const embedded = vi.fn(async () => KEY as `0x${string}`)
    const { signer, calls } = signerWith([approved], true, embedded)
    const result = signer.requestSigner()
    await vi.advanceTimersByTimeAsync(2_000)
    await expect(result).resolves.toEqual({ status: 'approved', publicKey: KEY, fid: 42 })
    expect(calls[0]!.body).toEqual({ ed25519_public_key: KEY })
    expect(embedded).toHaveBeenCalledOnce()
    await expect(signer.requestSigner(null)).rejects.toMatchObject({ shortMessage: 'Connect failed' })
    expect(embedded).toHaveBeenCalledOnce()
  })

  it("the embedded wallet's refusal is the request's, with nothing sent", async () => {
    const missing = new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: 'Connect failed' })
    const { signer, calls } = signerWith([approved], true, async () => {
      throw missing
    })
    await expect(signer.requestSigner()).rejects.toBe(missing)
    expect(calls).toEqual([])
  })

  it('stops polling when its signal aborts', async () => {
    const { signer, calls } = signerWith([pending])
    const controller = new AbortController()
    const result = signer.requestSigner(KEY, { signal: controller.signal }).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(2_500)
    controller.abort()
    expect(await result).toMatchObject({ code: 'client_request_aborted' })
    const made = calls.length
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(made)
  })
})

describe('client.auth.farcaster.requestSigner', () => {
  let api: FakeApi | null = null
  const clients: TesseraClient[] = []
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy()
    await api?.close()
    api = null
  })

  it('loads the signer code on first use and refreshes the user once the key is approved', async () => {
    const farcaster: LinkedAccountDto = {
      type: 'farcaster',
      fid: 42,
      owner_address: '0x0000000000000000000000000000000000000001',
      signer_public_key: KEY,
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    }
    api = await startFakeApi(
      apiRoutes({
        [`POST ${INIT}`]: () => ({ body: approved }),
        'POST /api/v1/guest/authenticate': async () => ({ body: await authResponse() }),
        'GET /api/v1/users/me': () => ({ body: { user: userDto({ linked_accounts: [farcaster] }), identity_token: null } }),
      }),
    )
    const client = createClient({ appId: TEST_APP_ID, apiUrl: api.url, storage: createMemoryStorage(), locks: null, retryDelay: () => 1 })
    clients.push(client)
    await client.ready
    await expect(client.auth.farcaster.requestSigner(KEY)).rejects.toMatchObject({ code: 'must_be_authenticated' })
    await client.auth.guest.login()
    await expect(client.auth.farcaster.requestSigner(KEY)).resolves.toEqual({ status: 'approved', publicKey: KEY, fid: 42 })
    expect(api.calls(INIT)[0]!.headers.authorization).toMatch(/^Bearer /)
    expect(client.getAuth().user?.farcaster).toMatchObject({ fid: 42, signerPublicKey: KEY })
  })
})
