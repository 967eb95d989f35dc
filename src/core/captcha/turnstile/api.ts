/** The parts of Cloudflare Turnstile's explicit-render API this adapter uses (developers.cloudflare.com/turnstile). */
export interface TurnstileRenderParams {
  sitekey: string
  action?: string
  size?: 'normal' | 'flexible' | 'compact' | 'invisible'
  /** 'execute': the challenge runs on `turnstile.execute()`, not on render. */
  execution?: 'render' | 'execute'
  'refresh-expired'?: 'auto' | 'manual' | 'never'
  callback?: (token: string) => void
  'error-callback'?: (errorCode?: string) => boolean | void
  'expired-callback'?: (token?: string) => void
}

export interface TurnstileApi {
  /** Returns the widget id. */
  render(container: HostElement | string, params: TurnstileRenderParams): string | null | undefined
  execute(widget: string, params?: Partial<TurnstileRenderParams>): void
  reset(widget?: string): void
  remove(widget?: string): void
}

export interface HostElement {
  setAttribute(name: string, value: string): void
  remove(): void
  style: { cssText: string }
}
export interface HostScript extends HostElement {
  src: string
  async: boolean
  addEventListener(type: 'load' | 'error', listener: () => void, options?: { once?: boolean }): void
}

/** The page (`window`) the widget lives in: a stand-in in unit tests. */
export interface TurnstileHost {
  turnstile?: TurnstileApi
  document: {
    createElement(tag: 'div'): HostElement
    createElement(tag: 'script'): HostScript
    head: { appendChild(node: HostScript): unknown }
    body: { appendChild(node: HostElement): unknown }
  }
}
