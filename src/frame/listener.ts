/**
 * The frame's only input: messages from its parent window, at the parent's checked origin, shaped as a frame
 * request. Anything else is dropped silently, without side effects (SECURITY.md 40). Replies go to that origin
 * only, never '*'.
 */
import { FRAME_READY_EVENT, isFrameRequest, type FrameResponse } from '../protocol/index.js'
import { answerRequest } from './answer.js'
import type { FrameHandlers } from './handlers/index.js'

export interface ParentWindow { postMessage(message: unknown, targetOrigin: string): void }
export interface IncomingMessage { source: unknown; origin: string; data: unknown }
export interface FrameWindow {
  parent: ParentWindow
  addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void
  removeEventListener(type: 'message', listener: (event: IncomingMessage) => void): void
}

export function listenToParent(frameWindow: FrameWindow, parentOrigin: string, handlers: FrameHandlers): () => void {
  const reply = (message: FrameResponse) => frameWindow.parent.postMessage(message, parentOrigin)
  const onMessage = (event: IncomingMessage) => {
    if (event.source !== frameWindow.parent || event.origin !== parentOrigin || !isFrameRequest(event.data)) return
    void answerRequest(handlers, event.data).then(reply)
  }
  frameWindow.addEventListener('message', onMessage)
  reply({ id: 'ready', event: FRAME_READY_EVENT, data: {} })
  return () => frameWindow.removeEventListener('message', onMessage)
}
