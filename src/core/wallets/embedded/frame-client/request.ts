import { frameTimeoutMs, type FrameRequestData, type FrameRequestEvent, type FrameResponseData } from '../../../../protocol/index.js'
import { frameRequestTimeoutError } from '../../../errors/embedded-wallet-errors.js'
import { ready } from './ready.js'
import { report } from './report.js'
import type { FrameClientRuntime } from './runtime.js'

/** Posts one request to the frame under a fresh id; its reply (or its event's timeout) settles it. */
export async function request<E extends FrameRequestEvent>(runtime: FrameClientRuntime, event: E, data: FrameRequestData[E]): Promise<FrameResponseData[E]> {
  const { target, origin } = await ready(runtime)
  const id = `${Date.now().toString(36)}-${(runtime.counter++).toString(36)}-${Math.random().toString(36).slice(2)}`
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      runtime.pending.delete(id)
      reject(frameRequestTimeoutError(event))
    }, runtime.options.timeoutMs?.(event) ?? frameTimeoutMs(event))
    runtime.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, event, timer })
    report(runtime, event, 'started')
    target.postMessage({ id, event, data }, origin)
  })
}
