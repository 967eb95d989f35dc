import type { FrameRequestData, FrameRequestEvent, FrameResponseData } from '../../../../protocol/index.js'

/** The page the frame is mounted in (tests pass a stand-in). */
export interface FramePage {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  document: { createElement(tagName: 'iframe'): HTMLIFrameElement; body: Pick<HTMLElement, 'appendChild'> }
}

export interface FrameClientOptions {
  apiUrl: () => string
  appId: string
  clientId?: string
  getAnalyticsId: () => Promise<string | null>
  sendAnalyticsEvent: (eventName: string, payload: Record<string, unknown>) => void
  page: FramePage
  /** Test seams: the spec's 150 ms poll and 15 s initialisation limit by default. */
  readyPollMs?: number
  initTimeoutMs?: number
  timeoutMs?: (event: FrameRequestEvent) => number
}

export interface FrameClient {
  request<E extends FrameRequestEvent>(event: E, data: FrameRequestData[E]): Promise<FrameResponseData[E]>
  /** Mounts the frame ahead of its first request; a mount that fails is retried by the next request. */
  warmUp(): void
  destroy(): void
}
