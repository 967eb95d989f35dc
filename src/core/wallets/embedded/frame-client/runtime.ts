import type { FrameRequestEvent } from '../../../../protocol/index.js'
import type { FrameClientOptions } from './types.js'

/** A request posted to the frame, waiting for its reply or its timeout. */
export interface PendingRequest {
  resolve(data: unknown): void
  reject(error: unknown): void
  event: FrameRequestEvent
  timer: ReturnType<typeof setTimeout>
}

/** The mounted frame's window and the origin every message to it is addressed to. */
export interface MountedFrame {
  target: Window
  origin: string
}

/** What the frame client's actions share: the options and the one mounted iframe's state. */
export interface FrameClientRuntime {
  options: FrameClientOptions
  /** Requests posted and not yet answered, by id. */
  pending: Map<string, PendingRequest>
  /** The mount in flight or done; null until the first request, and again after a failed mount. */
  mounted: Promise<MountedFrame> | null
  iframe: HTMLIFrameElement | null
  stopListening: (() => void) | null
  destroyed: boolean
  /** Numbers the requests' ids. */
  counter: number
}

export const createFrameClientRuntime = (options: FrameClientOptions): FrameClientRuntime => ({
  options,
  pending: new Map(),
  mounted: null,
  iframe: null,
  stopListening: null,
  destroyed: false,
  counter: 0,
})
