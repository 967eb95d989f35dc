import type { FrameResponse } from '../../../../protocol/index.js'
import { frameError } from '../../../errors/embedded-wallet-errors.js'
import { report } from './report.js'
import type { FrameClientRuntime } from './runtime.js'

/** Settles the request a frame reply answers; a reply to no pending request (timed out, destroyed) is dropped. */
export function settle(runtime: FrameClientRuntime, message: FrameResponse): void {
  const request = runtime.pending.get(message.id)
  if (!request) return
  runtime.pending.delete(message.id)
  clearTimeout(request.timer)
  if ('error' in message) {
    report(runtime, request.event, 'failed', { type: message.error.type, message: message.error.message })
    request.reject(frameError(message.error.type, message.error.message))
  } else {
    report(runtime, request.event, 'completed')
    request.resolve(message.data)
  }
}
