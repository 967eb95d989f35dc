import type { FrameClientRuntime } from './runtime.js'

/** Stops reading replies and removes the iframe, so the next call mounts a fresh one. */
export function unmount(runtime: FrameClientRuntime): void {
  runtime.stopListening?.()
  runtime.stopListening = null
  runtime.iframe?.remove()
  runtime.iframe = null
  runtime.mounted = null
}
