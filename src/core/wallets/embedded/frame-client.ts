/**
 * The host side of the wallet frame (wallet spec, "The calls it makes"; docs/architecture.md "The wallet frame and how the host talks to it"): one hidden iframe per client on the API origin,
 * mounted on first use. Messages go to that exact origin, and only its replies from that iframe are read.
 * The work is in ./frame-client, one action per file over the shared runtime (./frame-client/runtime.ts).
 */
import { destroy } from './frame-client/destroy.js'
import { ready } from './frame-client/ready.js'
import { request } from './frame-client/request.js'
import { createFrameClientRuntime } from './frame-client/runtime.js'
import type { FrameClient, FrameClientOptions } from './frame-client/types.js'

export type { FrameClient, FrameClientOptions, FramePage } from './frame-client/types.js'

export function createFrameClient(options: FrameClientOptions): FrameClient {
  const runtime = createFrameClientRuntime(options)
  return {
    request: (event, data) => request(runtime, event, data),
    warmUp: () => void ready(runtime).catch(() => undefined),
    destroy: () => destroy(runtime),
  }
}
