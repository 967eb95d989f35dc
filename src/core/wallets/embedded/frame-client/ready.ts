import { frameNotInitializedError } from '../../../errors/embedded-wallet-errors.js'
import { mount } from './mount.js'
import type { FrameClientRuntime, MountedFrame } from './runtime.js'
import { unmount } from './unmount.js'

/** The mounted frame, mounting it on first use. */
export function ready(runtime: FrameClientRuntime): Promise<MountedFrame> {
  if (runtime.destroyed) return Promise.reject(frameNotInitializedError())
  // A frame that never answered is removed, so the next call mounts a fresh one.
  return (runtime.mounted ??= mount(runtime).catch((error: unknown) => {
    unmount(runtime)
    throw error
  }))
}
