import { isFrameResponse, type FrameResponse } from '../../../../protocol/index.js'
import type { FrameClientRuntime } from './runtime.js'
import { settle } from './settle.js'

/** Reads the frame's replies: its ready answer goes to `onReady`, the others settle their requests. */
export function listen(runtime: FrameClientRuntime, target: () => Window | null, origin: string, onReady: () => void): void {
  const { window } = runtime.options.page
  const onMessage = (event: MessageEvent) => {
    // Anything not from our iframe on the API origin is dropped unread.
    if (event.source !== target() || event.origin !== origin || !isFrameResponse(event.data)) return
    const message = event.data as FrameResponse
    if (message.id === 'ready') return onReady()
    settle(runtime, message)
  }
  window.addEventListener('message', onMessage)
  runtime.stopListening = () => window.removeEventListener('message', onMessage)
}
