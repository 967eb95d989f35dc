import { FRAME_INIT_TIMEOUT_MS, FRAME_READY_EVENT, FRAME_READY_POLL_MS } from '../../../../protocol/index.js'
import { frameConnectError, frameNotInitializedError, httpsRequiredError } from '../../../errors/embedded-wallet-errors.js'
import { listen } from './listen.js'
import type { FrameClientRuntime, MountedFrame } from './runtime.js'
import type { FrameClientOptions } from './types.js'

/** Appends the hidden iframe on the API origin and resolves once the frame answered that it is ready. */
export async function mount(runtime: FrameClientRuntime): Promise<MountedFrame> {
  const apiUrl = runtime.options.apiUrl().replace(/\/+$/, '')
  const origin = new URL(apiUrl).origin
  // The frame's keys need a secure context: HTTPS, except on this machine (wallet spec, "Validation rules": "Other").
  if (!/^https:|^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|$)/.test(origin)) throw httpsRequiredError()
  const url = await frameUrl(runtime.options, apiUrl)
  const frame = runtime.options.page.document.createElement('iframe')
  frame.src = url.href
  frame.title = 'Tessera wallet'
  frame.setAttribute('aria-hidden', 'true')
  frame.style.display = 'none'
  runtime.iframe = frame
  await untilReady(runtime, frame, origin)
  const target = frame.contentWindow
  if (!target) throw frameNotInitializedError()
  return { target, origin }
}

async function frameUrl(options: FrameClientOptions, apiUrl: string): Promise<URL> {
  const url = new URL(`${apiUrl}/apps/${encodeURIComponent(options.appId)}/embedded-wallets`)
  const analyticsId = await options.getAnalyticsId()
  if (analyticsId) url.searchParams.set('caid', analyticsId)
  if (options.clientId) url.searchParams.set('client_id', options.clientId)
  return url
}

function untilReady(runtime: FrameClientRuntime, frame: HTMLIFrameElement, origin: string): Promise<void> {
  const { options } = runtime
  return new Promise<void>((resolve, reject) => {
    const readyRequest = { id: 'ready', event: FRAME_READY_EVENT, data: {} }
    const finish = (error?: unknown) => {
      clearInterval(poll)
      clearTimeout(limit)
      if (error) reject(error)
      else resolve()
    }
    listen(
      runtime,
      () => frame.contentWindow,
      origin,
      () => finish(),
    )
    // Asked once at load too: the poll alone would leave up to one interval between the frame listening and its answer.
    frame.addEventListener('load', () => frame.contentWindow?.postMessage(readyRequest, origin))
    options.page.document.body.appendChild(frame)
    // The frame answers only what it is asked: polling finds it as soon as it listens.
    const poll = setInterval(() => frame.contentWindow?.postMessage(readyRequest, origin), options.readyPollMs ?? FRAME_READY_POLL_MS)
    const limit = setTimeout(() => finish(frameConnectError()), options.initTimeoutMs ?? FRAME_INIT_TIMEOUT_MS)
  })
}
