import r2wc from '@r2wc/react-to-web-component'
import { AuthModalRoot } from './auth-modal-root.js'
import type { AuthModalConfig, AuthModalRequest } from './types.js'

const eventInit = { bubbles: true, composed: true }
const booleanAttributes = ['open', 'standalone'] as const
const propsKey = Symbol.for('r2wc.props')
const renderKey = Symbol.for('r2wc.render')

// Server-side rendering has no HTMLElement: the module must still load there (the React wrapper imports it).
const Base: CustomElementConstructor =
  typeof HTMLElement === 'undefined'
    ? (class {} as unknown as CustomElementConstructor)
    : r2wc(AuthModalRoot, {
        shadow: 'open',
        props: { appId: 'string', apiUrl: 'string', theme: 'string' },
        events: {
          onLoginSuccess: eventInit,
          onAuthError: eventInit,
          onModalClose: eventInit,
          onLogout: eventInit,
          onLinkSuccess: eventInit,
          onUpdateSuccess: eventInit,
        },
      })

type R2wcInternals = { [propsKey]: Record<string, unknown>; [renderKey](): void }
const internals = (element: HTMLElement) => element as unknown as R2wcInternals
const camel = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())

/**
 * `<auth-modal>`. r2wc ignores removed attributes and parses boolean attributes by value, so
 * HTML booleans (`open`, `standalone`: present means true) and removals are handled here.
 */
export class AuthModalElement extends Base {
  static get observedAttributes(): string[] {
    return [...(Base as unknown as { observedAttributes: string[] }).observedAttributes, ...booleanAttributes]
  }

  constructor() {
    super()
    for (const name of booleanAttributes) internals(this)[propsKey][name] = this.hasAttribute(name)
  }

  connectedCallback(): void {
    // Properties set before the element was defined shadow the accessors: re-apply them through the setters.
    for (const name of ['config', 'open', 'standalone', 'theme', 'appId', 'apiUrl'] as const) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue
      const value = (this as Record<string, unknown>)[name]
      delete (this as Record<string, unknown>)[name]
      ;(this as Record<string, unknown>)[name] = value
    }
    ;(Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this)
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    const props = internals(this)[propsKey]
    if ((booleanAttributes as readonly string[]).includes(name)) {
      props[name] = value !== null && value !== 'false'
      // A link or update request lasts one opening: the next plain `open` shows the landing.
      if (name === 'open' && !props[name]) props.request = undefined
    }
    else if (value === null) props[camel(name)] = undefined
    else return (Base.prototype as unknown as { attributeChangedCallback(...args: unknown[]): void }).attributeChangedCallback.call(this, name, previous, value)
    internals(this)[renderKey]()
  }

  get open(): boolean {
    return this.hasAttribute('open')
  }
  set open(value: boolean) {
    this.toggleAttribute('open', Boolean(value))
  }

  get standalone(): boolean {
    return this.hasAttribute('standalone')
  }
  set standalone(value: boolean) {
    this.toggleAttribute('standalone', Boolean(value))
  }

  /**
   * Opens the modal for `request`: link and update open straight on the method's input; no request is a sign-in; a
   * funding request starts a session, whose prompt opens the modal on its landing.
   */
  start(request: AuthModalRequest = { intent: 'login' }): void {
    if (request.intent === 'fund') return void import('./run-funding-request.js').then(({ runFundingRequest }) => runFundingRequest(this, request))
    internals(this)[propsKey].request = request
    if (this.open) internals(this)[renderKey]()
    else this.open = true
  }

  /** Objects go through this property, never an attribute. */
  get config(): AuthModalConfig | undefined {
    return internals(this)[propsKey].config as AuthModalConfig | undefined
  }
  set config(value: AuthModalConfig | undefined) {
    internals(this)[propsKey].config = value
    internals(this)[renderKey]()
  }
}
