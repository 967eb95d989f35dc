/**
 * Answers one of the reference's requests with our handlers: its names mapped to ours, its share-set naming to
 * ours (share-sets.ts), and the answer sent back under its own event name (`rpc` wrapped in `response`).
 */
import type { FrameRequest, FrameRequestData } from '../../protocol/index.js'
import { answerRequest } from '../answer.js'
import { isFrameError } from '../errors.js'
import type { FrameContext } from '../handlers/context.js'
import type { FrameHandlers } from '../handlers/index.js'
import { ourEventOf, type ReferenceRequest, type ReferenceResponse } from './events.js'
import { ourRpcRequest } from './rpc-request.js'
import { shareSetForChain, shareSetsNamedBy, type ShareSetName } from './share-sets.js'

type Data = Record<string, unknown>

/** Requests whose share-set naming differs; the rest go to our handler of the same name unchanged. */
function referenceHandlers(context: FrameContext, handlers: FrameHandlers): FrameHandlers {
  const call = async <E extends keyof FrameRequestData>(event: E, data: Data) => {
    const handler = handlers[event] as ((data: FrameRequestData[E]) => Promise<unknown>) | undefined
    if (!handler) throw new Error(`No handler for ${event}`)
    return handler(data as unknown as FrameRequestData[E])
  }
  /** `recover` on the primary recovers every share set this device lacks; those it has are left as they are. */
  const recoverSet = async (data: Data, set: ShareSetName) => {
    try {
      await call('connect', { ...data, ...set })
    } catch (error) {
      if (!isFrameError(error) || error.type !== 'wallet_not_on_device') throw error
      await call('recover', { ...data, ...set })
    }
  }
  return {
    ...handlers,
    rpc: async (data) => call('rpc', { ...data, ...(await shareSetForChain(context, data as unknown as Data)), request: ourRpcRequest(data.request) }) as never,
    'wallets:add': async (data) => call('wallets:add', { ...data, ...(await shareSetForChain(context, data as unknown as Data)) }) as never,
    connect: async (data) => {
      for (const set of await shareSetsNamedBy(context, data as unknown as Data)) await call('connect', { ...data, ...set })
      return { entropyId: data.entropyId }
    },
    recover: async (data) => {
      for (const set of await shareSetsNamedBy(context, data as unknown as Data)) await recoverSet(data as unknown as Data, set)
      return { entropyId: data.entropyId }
    },
  }
}

/** The handlers bound once per frame; `answer` turns one request into its reply. */
export function referenceDialect(context: FrameContext, handlers: FrameHandlers) {
  const bound = referenceHandlers(context, handlers)
  return {
    async answer(request: ReferenceRequest): Promise<ReferenceResponse> {
      const event = ourEventOf(request.event)
      const reply = await answerRequest(bound, { id: request.id, event, data: request.data } as unknown as FrameRequest)
      if ('error' in reply) return { id: request.id, event: request.event, error: reply.error }
      return { id: request.id, event: request.event, data: event === 'rpc' ? { response: reply.data } : reply.data }
    },
  }
}
export type ReferenceDialect = ReturnType<typeof referenceDialect>
