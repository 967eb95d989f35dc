import { frameNotInitializedError } from '../../../errors/embedded-wallet-errors.js'
import type { FrameClientRuntime } from './runtime.js'
import { unmount } from './unmount.js'

/** Rejects what is pending and removes the frame; every later request is refused. */
export function destroy(runtime: FrameClientRuntime): void {
  runtime.destroyed = true
  for (const request of runtime.pending.values()) {
    clearTimeout(request.timer)
    request.reject(frameNotInitializedError())
  }
  runtime.pending.clear()
  unmount(runtime)
}
