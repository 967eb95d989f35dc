/**
 * The wallet frame's real handlers over the in-memory share server, as a `FrameClient`: the core's MFA runs against
 * the frame's own verification, token keeping and the server's gating (the iframe itself is covered end to end).
 */
import { frameError } from '../../errors/embedded-wallet-errors.js'
import type { FrameClient } from '../../wallets/embedded/frame-client.js'
import { isFrameError } from '../../../frame/errors.js'
import { frameHandlers } from '../../../frame/handlers/index.js'
import { memoryDeviceShareStore } from '../../../frame/memory-device-store.js'
import { fakeShareServer } from '../../../frame/test-support/fake-share-server.js'
import type { FrameRequestEvent } from '../../../protocol/index.js'

export function frameOverShareServer(appId: string, userId: string) {
  const server = fakeShareServer()
  const handlers = frameHandlers({ appId, api: server.api, deviceShares: memoryDeviceShareStore() })
  const calls: { event: FrameRequestEvent; data: Record<string, unknown> }[] = []
  const frame: FrameClient = {
    async request(event, data) {
      const fields = data as Record<string, unknown>
      calls.push({ event, data: structuredClone(fields) })
      // The client's access token is the session the share server knows.
      if (typeof fields.accessToken === 'string') server.signIn(fields.accessToken, userId)
      try {
        return await (handlers[event] as (value: unknown) => Promise<never>)(data)
      } catch (error) {
        throw isFrameError(error) ? frameError(error.type, error.message) : error
      }
    },
    // The handlers run in this process: there is nothing to load ahead.
    warmUp() {},
    destroy() {},
  }
  return { frame, server, calls }
}
