/** What the frame answers the host with when an operation fails: an error type and copy of the wallet spec, "The error catalogue", never a secret. */
import type { FrameErrorType } from '../protocol/index.js'

export class FrameError extends Error {
  override readonly name = 'FrameError'
  constructor(
    readonly type: FrameErrorType,
    message: string,
  ) {
    super(message)
  }
}

/** A static kind check: the frame's own errors carry copy meant for the host; anything else is reduced to a generic message. */
export const isFrameError = (error: unknown): error is FrameError => error instanceof Error && error.name === 'FrameError' && 'type' in error

/** The wire shape of a failure; unexpected errors keep their copy to themselves (it could name internal state). */
export function toErrorReply(error: unknown, fallbackMessage: string): { type: FrameErrorType; message: string } {
  if (isFrameError(error)) return { type: error.type, message: error.message }
  return { type: 'error', message: fallbackMessage }
}
