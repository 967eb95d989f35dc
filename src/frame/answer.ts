/** Turns one checked request into its reply: `{id, event, data}` or `{id, event, error: {type, message}}`. */
import { FRAME_READY_EVENT, type FrameRequest, type FrameRequestEvent, type FrameResponse, type FrameResponseData } from '../protocol/index.js'
import { toErrorReply } from './errors.js'
import { failureMessages, type FrameHandlers } from './handlers/index.js'

export async function answerRequest(handlers: FrameHandlers, request: FrameRequest): Promise<FrameResponse> {
  const { id, event } = request
  if (event === FRAME_READY_EVENT) return { id, event, data: {} }
  // The table pairs each event with its handler; each handler checks its data's shape itself.
  const handler = handlers[event] as ((data: FrameRequest['data']) => Promise<FrameResponseData[FrameRequestEvent]>) | undefined
  if (!handler) return { id, event, error: { type: 'error', message: `Unsupported action: ${event}` } }
  try {
    return { id, event, data: await handler(request.data) } as FrameResponse
  } catch (error) {
    return { id, event, error: toErrorReply(error, failureMessages[event] ?? 'Something went wrong') }
  }
}
