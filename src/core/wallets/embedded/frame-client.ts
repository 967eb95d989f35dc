/**
 * The host side of the wallet frame (wallet spec, "The calls it makes"; docs/architecture.md "The wallet frame and how the host talks to it"): one hidden iframe per client on the API origin,
 * mounted on first use. Messages go to that exact origin, and only its replies from that iframe are read.
 */
import {
  FRAME_INIT_TIMEOUT_MS,
  FRAME_READY_EVENT,
  FRAME_READY_POLL_MS,
  frameTimeoutMs,
  isFrameResponse,
  type FrameRequestData,
  type FrameRequestEvent,
  type FrameResponse,
  type FrameResponseData,
} from '../../../protocol/index.js'
import { frameConnectError, frameError, frameNotInitializedError, frameRequestTimeoutError, httpsRequiredError } from '../../errors/embedded-wallet-errors.js'

/** The page the frame is mounted in (tests pass a stand-in). */
export interface FramePage {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  document: { createElement(tagName: 'iframe'): HTMLIFrameElement; body: Pick<HTMLElement, 'appendChild'> }
}

export interface FrameClientOptions {
  apiUrl: () => string
  appId: string
  clientId?: string
  getAnalyticsId: () => Promise<string | null>
  sendAnalyticsEvent: (eventName: string, payload: Record<string, unknown>) => void
  page: FramePage
  /** Test seams: the spec's 150 ms poll and 15 s initialisation limit by default. */
  readyPollMs?: number
  initTimeoutMs?: number
  timeoutMs?: (event: FrameRequestEvent) => number
}

export interface FrameClient {
  request<E extends FrameRequestEvent>(event: E, data: FrameRequestData[E]): Promise<FrameResponseData[E]>
  destroy(): void
}

/** The frame events the analytics follow, by their event names' middle part. */
const analyticsNames = { rpc: 'rpc', 'set-recovery': 'set_recovery', recover: 'recovery' } as const

interface Pending { resolve(data: unknown): void; reject(error: unknown): void; event: FrameRequestEvent; timer: ReturnType<typeof setTimeout> }

export function createFrameClient(options: FrameClientOptions): FrameClient {
  const pending = new Map<string, Pending>()
  let mounted: Promise<{ target: Window; origin: string }> | null = null
  let iframe: HTMLIFrameElement | null = null
  let stopListening: (() => void) | null = null
  let destroyed = false
  let counter = 0

  function listen(target: () => Window | null, origin: string, onReady: () => void) {
    const onMessage = (event: MessageEvent) => {
      // Anything not from our iframe on the API origin is dropped unread.
      if (event.source !== target() || event.origin !== origin || !isFrameResponse(event.data)) return
      const message = event.data as FrameResponse
      if (message.id === 'ready') return onReady()
      settle(message)
    }
    options.page.window.addEventListener('message', onMessage)
    stopListening = () => options.page.window.removeEventListener('message', onMessage)
  }

  /** The analytics events of the wallet spec, "The calls it makes": a signing request's start and failure, and each recovery call's course. */
  function report(event: FrameRequestEvent, stage: 'started' | 'completed' | 'failed', payload: Record<string, unknown> = {}) {
    const name = analyticsNames[event as keyof typeof analyticsNames]
    if (name && !(event === 'rpc' && stage === 'completed')) options.sendAnalyticsEvent(`embedded_wallet_sdk_${name}_${stage}`, payload)
  }

  function settle(message: FrameResponse) {
    const request = pending.get(message.id)
    if (!request) return
    pending.delete(message.id)
    clearTimeout(request.timer)
    if ('error' in message) {
      report(request.event, 'failed', { type: message.error.type, message: message.error.message })
      request.reject(frameError(message.error.type, message.error.message))
    } else {
      report(request.event, 'completed')
      request.resolve(message.data)
    }
  }

  async function mount(): Promise<{ target: Window; origin: string }> {
    const apiUrl = options.apiUrl().replace(/\/+$/, '')
    const origin = new URL(apiUrl).origin
    // The frame's keys need a secure context: HTTPS, except on this machine (wallet spec, "Validation rules": "Other").
    if (!/^https:|^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|$)/.test(origin)) throw httpsRequiredError()
    const url = new URL(`${apiUrl}/apps/${encodeURIComponent(options.appId)}/embedded-wallets`)
    const analyticsId = await options.getAnalyticsId()
    if (analyticsId) url.searchParams.set('caid', analyticsId)
    if (options.clientId) url.searchParams.set('client_id', options.clientId)

    const frame = options.page.document.createElement('iframe')
    frame.src = url.href
    frame.title = 'Tessera wallet'
    frame.setAttribute('aria-hidden', 'true')
    frame.style.display = 'none'
    iframe = frame

    await new Promise<void>((resolve, reject) => {
      const readyRequest = { id: 'ready', event: FRAME_READY_EVENT, data: {} }
      const finish = (error?: unknown) => {
        clearInterval(poll)
        clearTimeout(limit)
        if (error) reject(error)
        else resolve()
      }
      listen(() => frame.contentWindow, origin, () => finish())
      // Asked once at load too: the poll alone would leave up to one interval between the frame listening and its answer.
      frame.addEventListener('load', () => frame.contentWindow?.postMessage(readyRequest, origin))
      options.page.document.body.appendChild(frame)
      // The frame answers only what it is asked: polling finds it as soon as it listens.
      const poll = setInterval(() => frame.contentWindow?.postMessage(readyRequest, origin), options.readyPollMs ?? FRAME_READY_POLL_MS)
      const limit = setTimeout(() => finish(frameConnectError()), options.initTimeoutMs ?? FRAME_INIT_TIMEOUT_MS)
    })
    const target = frame.contentWindow
    if (!target) throw frameNotInitializedError()
    return { target, origin }
  }

  function unmount() {
    stopListening?.()
    stopListening = null
    iframe?.remove()
    iframe = null
    mounted = null
  }

  function ready() {
    if (destroyed) return Promise.reject(frameNotInitializedError())
    // A frame that never answered is removed, so the next call mounts a fresh one.
    return (mounted ??= mount().catch((error: unknown) => {
      unmount()
      throw error
    }))
  }

  return {
    async request(event, data) {
      const { target, origin } = await ready()
      const id = `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2)}`
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(frameRequestTimeoutError(event))
        }, options.timeoutMs?.(event) ?? frameTimeoutMs(event))
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject, event, timer })
        report(event, 'started')
        target.postMessage({ id, event, data }, origin)
      })
    },
    destroy() {
      destroyed = true
      for (const request of pending.values()) {
        clearTimeout(request.timer)
        request.reject(frameNotInitializedError())
      }
      pending.clear()
      unmount()
    },
  }
}
