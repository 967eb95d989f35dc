/** A frame window and its parent, in memory: records what the frame posts and lets a test deliver messages to it. */
import type { FrameWindow, IncomingMessage } from '../listener.js'

export function fakeFrameWindow() {
  const posted: { message: unknown; targetOrigin: string }[] = []
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message: structuredClone(message), targetOrigin }) }
  const listeners = new Set<(event: IncomingMessage) => void>()
  const frameWindow: FrameWindow = {
    parent,
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  }
  return {
    frameWindow,
    parent,
    posted,
    listenerCount: () => listeners.size,
    deliver: (event: IncomingMessage) => listeners.forEach((listener) => listener(event)),
  }
}
