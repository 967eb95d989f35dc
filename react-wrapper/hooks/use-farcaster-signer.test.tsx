import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FarcasterSignerStatusResponse } from '../../src/protocol/index.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto, authResponse } from '../../src/core/test-support/fixtures.js'
import type { FarcasterSignerApproved, FarcasterSignerPendingApproval, TesseraClient, TesseraError } from '../../src/core/index.js'
import { TesseraProvider, useFarcasterSigner, useTesseraClient, type UseFarcasterSignerOptions, type UseFarcasterSignerResult } from '../index.js'

const appId = 'tessera-test-app-00000044'
const KEY = `0x${'cd'.repeat(32)}`
const APPROVAL_URL = `https://farcaster.xyz/~/signed-key-request?token=t&key=${KEY}&fid=9`
let api: FakeApi
let client: TesseraClient | null = null
let initAnswer: FarcasterSignerStatusResponse
beforeEach(async () => {
  initAnswer = { status: 'pending_approval', public_key: KEY, signer_approval_url: APPROVAL_URL }
  api = await startFakeApi(apiRoutes({
    [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId }) }),
    'POST /api/v1/guest/authenticate': async () => ({ body: await authResponse() }),
    'POST /api/v1/farcaster/signer/init': () => ({ body: initAnswer }),
    'POST /api/v1/farcaster/signer/status': () => ({ body: { status: 'approved', public_key: KEY, fid: 9 } }),
  }))
})
afterEach(async () => {
  client?.destroy()
  await api.close()
})

async function render(withOnError: boolean) {
  const events: { pending: FarcasterSignerPendingApproval[]; approved: FarcasterSignerApproved[]; errors: TesseraError[] } = { pending: [], approved: [], errors: [] }
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
  renderToString(<TesseraProvider appId={appId} apiUrl={api.url}><Probe /></TesseraProvider>)
  await client!.ready
  await client!.guest.login()
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

  it('cancel() stops the wait', async () => {
    const { hook, events } = await render(true)
    const request = hook.requestFarcasterSigner(KEY)
    await new Promise<void>((resolve) => { const check = () => (events.pending.length ? resolve() : setTimeout(check, 10)); check() })
    hook.cancel()
    await request
    expect(events.errors.map((error) => error.code)).toEqual(['client_request_aborted'])
    expect(api.calls('/api/v1/farcaster/signer/status')).toEqual([])
  })
})
