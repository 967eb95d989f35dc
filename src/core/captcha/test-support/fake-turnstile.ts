/** A stand-in for Cloudflare's `window.turnstile` (render / execute / reset / remove as documented) and the page it lives in. */
import type { HostElement, HostScript, TurnstileApi, TurnstileHost, TurnstileRenderParams } from '../turnstile/api.js'

export class FakeElement implements HostElement {
  attributes = new Map<string, string>()
  style = { cssText: '' }
  removed = false
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value)
  }
  remove() {
    this.removed = true
  }
}

export class FakeScript extends FakeElement implements HostScript {
  src = ''
  async = false
  private listeners = new Map<string, () => void>()
  addEventListener(type: 'load' | 'error', listener: () => void) {
    this.listeners.set(type, listener)
  }
  fire(type: 'load' | 'error') {
    this.listeners.get(type)?.()
  }
}

interface FakeWidget {
  container: HostElement | string
  params: TurnstileRenderParams
  executing: boolean
  removed: boolean
}

export class FakeTurnstile implements TurnstileApi {
  widgets = new Map<string, FakeWidget>()
  /** What the next execution does after `delayMs`. */
  outcome: 'pass' | 'fail' | 'hang' = 'pass'
  delayMs = 10
  failReset = false
  resets = 0
  issued = 0

  render(container: HostElement | string, params: TurnstileRenderParams): string | null | undefined {
    const id = `widget-${this.widgets.size + 1}`
    this.widgets.set(id, { container, params, executing: false, removed: false })
    return id
  }
  execute(id: string) {
    const widget = this.widget(id)
    // Like Turnstile: a widget that already ran must be reset before it runs again.
    if (widget.executing) throw new Error('Turnstile widget already executed; call reset() first')
    widget.executing = true
    setTimeout(() => {
      if (this.outcome === 'pass') widget.params.callback?.(`turnstile-token-${++this.issued}`)
      else if (this.outcome === 'fail') widget.params['error-callback']?.('300030')
    }, this.delayMs)
  }
  reset(id?: string) {
    if (this.failReset) throw new Error('reset failed')
    this.resets++
    this.widget(id!).executing = false
  }
  remove(id?: string) {
    this.widget(id!).removed = true
  }
  /** What Turnstile does when a token gets too old. */
  expire(id: string) {
    this.widget(id).params['expired-callback']?.()
  }
  private widget(id: string): FakeWidget {
    const widget = this.widgets.get(id)
    if (!widget || widget.removed) throw new Error(`Unknown widget ${id}`)
    return widget
  }
}

export function fakeHost(turnstile?: FakeTurnstile) {
  const body: FakeElement[] = []
  const head: FakeScript[] = []
  function createElement(tag: 'div'): FakeElement
  function createElement(tag: 'script'): FakeScript
  function createElement(tag: string) {
    return tag === 'script' ? new FakeScript() : new FakeElement()
  }
  const host: TurnstileHost = {
    turnstile,
    document: {
      createElement,
      head: { appendChild: (node) => head.push(node as FakeScript) },
      body: { appendChild: (node) => body.push(node as FakeElement) },
    },
  }
  return { host, body, head }
}
