import { afterEach, describe, expect, it } from 'vitest'
import { FRAME_READY_EVENT, type FrameRequest } from '../../../protocol/index.js'
import { createFrameClient, type FrameClientOptions, type FramePage } from './frame-client.js'

const API = 'https://auth.example.test'
const APP_ID = 'tessera-test-app-00000001'

/** A host window and an iframe whose frame answers like the real one; `deliver` posts any message to the host. */
function fakePage(answer: (request: FrameRequest) => unknown | undefined = () => undefined) {
  const listeners = new Set<(event: MessageEvent) => void>()
  const posted: { message: FrameRequest; targetOrigin: string }[] = []
  const frameWindow = {
    postMessage(message: FrameRequest, targetOrigin: string) {
      posted.push({ message, targetOrigin })
      // A browser delivers nothing when the target origin is not the frame's.
      if (targetOrigin !== API) return
      const reply = message.id === 'ready' ? { id: 'ready', event: FRAME_READY_EVENT, data: {} } : answer(message)
      if (reply !== undefined) setTimeout(() => deliver(reply), 1)
    },
  }
  const iframe = {
    src: '',
    title: '',
    style: { display: '' },
    attributes: new Map<string, string>(),
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value)
    },
    // No load event here: the tests deliver the frame's answers themselves.
    addEventListener() {},
    removed: false,
    remove() {
      this.removed = true
    },
    contentWindow: frameWindow,
  }
  const mounted: (typeof iframe)[] = []
  function deliver(data: unknown, from: { source?: unknown; origin?: string } = {}) {
    const event = { data, source: 'source' in from ? from.source : frameWindow, origin: from.origin ?? API } as unknown as MessageEvent
    for (const listener of [...listeners]) listener(event)
  }
  const page: FramePage = {
    window: {
      addEventListener: ((_: string, listener: (event: MessageEvent) => void) => listeners.add(listener)) as Window['addEventListener'],
      removeEventListener: ((_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener)) as Window['removeEventListener'],
    },
    document: {
      createElement: () => ({ ...iframe, attributes: new Map(), style: { display: '' } }) as unknown as HTMLIFrameElement,
      body: { appendChild: ((node: typeof iframe) => (mounted.push(node), node)) as unknown as HTMLElement['appendChild'] },
    },
  }
  return { page, posted, deliver, mounted, frameWindow, listeners }
}

const analytics: { eventName: string; payload: Record<string, unknown> }[] = []
const clients: { destroy(): void }[] = []
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy()
  analytics.length = 0
})

function newFrameClient(page: FramePage, options: Partial<FrameClientOptions> = {}) {
  const client = createFrameClient({
    apiUrl: () => `${API}/`,
    appId: APP_ID,
    clientId: 'client-1',
    getAnalyticsId: async () => 'caid-1',
    sendAnalyticsEvent: (eventName, payload) => analytics.push({ eventName, payload }),
    page,
    readyPollMs: 5,
    initTimeoutMs: 200,
    ...options,
  })
  clients.push(client)
  return client
}

const connectData = { accessToken: 'token-1', entropyId: '0xabc', entropyIdVerifier: 'ethereum-address-verifier' as const }

describe('the wallet frame client', () => {
  it('mounts one hidden frame on first use, waits until it is ready, and posts only to the API origin', async () => {
    const { page, posted, mounted } = fakePage((request) => ({ id: request.id, data: { entropyId: (request.data as { entropyId: string }).entropyId } }))
    const client = newFrameClient(page)
    expect(mounted).toHaveLength(0)

    const [first, second] = await Promise.all([client.request('connect', connectData), client.request('connect', connectData)])
    expect(first).toEqual({ entropyId: '0xabc' })
    expect(second).toEqual({ entropyId: '0xabc' })
    expect(mounted).toHaveLength(1)
    expect(mounted[0]!.src).toBe(`${API}/apps/${APP_ID}/embedded-wallets?caid=caid-1&client_id=client-1`)
    expect(mounted[0]!.style.display).toBe('none')
    expect(posted.some((entry) => entry.message.event === FRAME_READY_EVENT)).toBe(true)
    expect(posted.every((entry) => entry.targetOrigin === API)).toBe(true)
    const ids = posted.filter((entry) => entry.message.event === 'connect').map((entry) => entry.message.id)
    expect(new Set(ids).size).toBe(2)

    // A recovery change reports its start and completion, without its secrets.
    await client.request('set-recovery', {
      ...connectData,
      recoveryMethod: 'user-passcode',
      recoveryPassword: 'correct horse',
      existingRecoveryMethod: 'privy',
    })
    expect(analytics).toEqual([
      { eventName: 'embedded_wallet_sdk_set_recovery_started', payload: {} },
      { eventName: 'embedded_wallet_sdk_set_recovery_completed', payload: {} },
    ])
  })

  it('drops replies from another origin or another window, and unknown shapes', async () => {
    const { page, posted, deliver, frameWindow } = fakePage()
    const client = newFrameClient(page)
    let settled = false
    const reply = client.request('connect', connectData).then((data) => ((settled = true), data))
    await until(() => posted.some((entry) => entry.message.event === 'connect'))
    const id = posted.find((entry) => entry.message.event === 'connect')!.message.id

    deliver({ id, data: { entropyId: 'forged' } }, { origin: 'https://evil.example' })
    deliver({ id, data: { entropyId: 'forged' } }, { source: {} })
    deliver({ id, data: { entropyId: 'forged' } }, { source: null })
    deliver({ id })
    deliver('not an object')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)

    deliver({ id, data: { entropyId: '0xabc' } }, { source: frameWindow, origin: API })
    expect(await reply).toEqual({ entropyId: '0xabc' })
  })

  it("gives up with 'Failed to connect to wallet proxy' when the frame never answers, and mounts a new one next time", async () => {
    const silent = fakePage()
    silent.frameWindow.postMessage = (message, targetOrigin) => void silent.posted.push({ message, targetOrigin })
    const client = newFrameClient(silent.page, { initTimeoutMs: 50 })
    await expect(client.request('connect', connectData)).rejects.toMatchObject({
      code: 'embedded_wallet_request_error',
      shortMessage: 'Failed to connect to wallet proxy',
    })
    expect(silent.mounted[0]!.removed).toBe(true)
    expect(silent.listeners.size).toBe(0)
    await expect(client.request('connect', connectData)).rejects.toMatchObject({ shortMessage: 'Failed to connect to wallet proxy' })
    expect(silent.mounted).toHaveLength(2)
  })

  it('needs HTTPS, except on this machine', async () => {
    const { page, mounted } = fakePage()
    await expect(newFrameClient(page, { apiUrl: () => 'http://auth.example.test' }).request('connect', connectData)).rejects.toMatchObject({
      shortMessage: 'Embedded wallet is only available over HTTPS',
    })
    expect(mounted).toHaveLength(0)
    const local = fakePage()
    const client = newFrameClient(local.page, { apiUrl: () => 'http://127.0.0.1:8080', initTimeoutMs: 30 })
    await expect(client.request('connect', connectData)).rejects.toMatchObject({ shortMessage: 'Failed to connect to wallet proxy' })
    expect(local.mounted).toHaveLength(1)
  })

  it('times a request out by its event', async () => {
    const { page } = fakePage()
    const client = newFrameClient(page, { timeoutMs: (event) => (event === 'connect' ? 30 : 10_000) })
    await expect(client.request('connect', connectData)).rejects.toMatchObject({ code: 'client_request_timeout', shortMessage: 'Request timed out' })
  })

  it('maps frame error types to codes, and reports signing and recovery requests to analytics', async () => {
    const { page } = fakePage((request) =>
      request.event === 'connect'
        ? { id: request.id, error: { type: 'wallet_not_on_device', message: 'Wallet not on device' } }
        : request.event === 'recover'
          ? { id: request.id, error: { type: 'invalid_recovery_pin', message: 'Invalid recovery password, please try again.' } }
          : { id: request.id, error: { type: 'error', message: 'Unable to sign' } },
    )
    const client = newFrameClient(page)
    await expect(client.request('connect', connectData)).rejects.toMatchObject({ code: 'wallet_not_on_device', shortMessage: 'Wallet not on device' })
    await expect(client.request('recover', { ...connectData, recoveryPassword: 'wrong' })).rejects.toMatchObject({
      code: 'invalid_recovery_pin',
      shortMessage: 'Invalid recovery password, please try again.',
    })
    // Wallet spec, "The calls it makes": a recovery's start and failure are reported (never the password); a connect is not.
    expect(analytics).toEqual([
      { eventName: 'embedded_wallet_sdk_recovery_started', payload: {} },
      { eventName: 'embedded_wallet_sdk_recovery_failed', payload: { type: 'invalid_recovery_pin', message: 'Invalid recovery password, please try again.' } },
    ])
    analytics.length = 0
    const rpc = {
      ...connectData,
      hdWalletIndex: 0,
      chainType: 'ethereum' as const,
      request: { method: 'personal_sign' as const, params: ['0x68690a' as const, '0xabc'] as [`0x${string}`, string] },
    }
    await expect(client.request('rpc', rpc)).rejects.toMatchObject({ code: 'embedded_wallet_request_error', shortMessage: 'Unable to sign' })
    expect(analytics).toEqual([
      { eventName: 'embedded_wallet_sdk_rpc_started', payload: {} },
      { eventName: 'embedded_wallet_sdk_rpc_failed', payload: { type: 'error', message: 'Unable to sign' } },
    ])
  })

  it('rejects what is pending when destroyed, and every later call', async () => {
    const { page, posted } = fakePage()
    const client = newFrameClient(page)
    const pending = client.request('connect', connectData)
    await until(() => posted.some((entry) => entry.message.event === 'connect'))
    client.destroy()
    await expect(pending).rejects.toMatchObject({ shortMessage: 'Embedded wallet proxy not initialized' })
    await expect(client.request('connect', connectData)).rejects.toMatchObject({ shortMessage: 'Embedded wallet proxy not initialized' })
  })
})

async function until(condition: () => boolean) {
  for (let attempt = 0; !condition(); attempt++) {
    if (attempt > 200) throw new Error('condition not met')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
