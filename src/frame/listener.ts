/**
 * The frame's only input: messages from its parent window, at the parent's checked origin, shaped as a frame
 * request (ours, or react-auth's `privy:`-prefixed dialect when a dialect is given). Anything else is dropped
 * silently, without side effects (docs/security.md #40). Replies go to that origin only, never '*', and only to a
 * request: the host asks for readiness (`privy:iframe:ready`) until answered, so nothing is posted unasked.
 */
import { isFrameRequest } from '../protocol/index.js'
import { answerRequest } from './answer.js'
import type { FrameHandlers } from './handlers/index.js'
import type { ReferenceDialect } from './reference/answer.js'
import { isReferenceRequest } from './reference/events.js'

export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void
}
export interface IncomingMessage {
  source: unknown
  origin: string
  data: unknown
}
export interface FrameWindow {
  parent: ParentWindow
  addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void
  removeEventListener(type: 'message', listener: (event: IncomingMessage) => void): void
}

export function listenToParent(frameWindow: FrameWindow, parentOrigin: string, handlers: FrameHandlers, reference?: ReferenceDialect): () => void {
  const reply = (message: unknown) => frameWindow.parent.postMessage(message, parentOrigin)
  const onMessage = (event: IncomingMessage) => {
    if (event.source !== frameWindow.parent || event.origin !== parentOrigin) return
    if (isFrameRequest(event.data)) void answerRequest(handlers, event.data).then(reply)
    else if (reference && isReferenceRequest(event.data)) void reference.answer(event.data).then(reply)
  }
  frameWindow.addEventListener('message', onMessage)
  return () => frameWindow.removeEventListener('message', onMessage)
}
