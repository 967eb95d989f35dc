import r2wc from '@r2wc/react-to-web-component'
import { ConfirmTxRoot } from './confirm-tx-root.js'
import type { ConfirmTxConfig, TransactionUiOptions } from './types.js'

const eventInit = { bubbles: true, composed: true }
const propsKey = Symbol.for('r2wc.props')
const renderKey = Symbol.for('r2wc.render')
const objectProperties = ['transaction', 'uiOptions', 'config'] as const

// Server-side rendering has no HTMLElement: the module must still load there (the React wrapper imports it).
const Base: CustomElementConstructor =
  typeof HTMLElement === 'undefined'
    ? (class {} as unknown as CustomElementConstructor)
    : r2wc(ConfirmTxRoot, {
        shadow: 'open',
        props: { appId: 'string', apiUrl: 'string', address: 'string', chainType: 'string', theme: 'string' },
        events: { onTxconfirmed: eventInit, onTxrejected: eventInit, onTxfailed: eventInit },
      })

type R2wcInternals = { [propsKey]: Record<string, unknown>; [renderKey](): void }
const internals = (element: HTMLElement) => element as unknown as R2wcInternals
const camel = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())

/**
 * `<confirm-tx>`: an inline confirmation panel. `sign-only` is an HTML boolean (present means true); objects
 * (`transaction`, `uiOptions`, `config`) go through properties, and a new `transaction` starts a new request.
 */
export class ConfirmTxElement extends Base {
  static get observedAttributes(): string[] {
    return [...(Base as unknown as { observedAttributes: string[] }).observedAttributes, 'sign-only']
  }

  constructor() {
    super()
    internals(this)[propsKey].signOnly = this.hasAttribute('sign-only')
  }

  connectedCallback(): void {
    // Properties set before the element was defined shadow the accessors: re-apply them through the setters.
    for (const name of [...objectProperties, 'signOnly'] as const) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue
      const value = (this as Record<string, unknown>)[name]
      delete (this as Record<string, unknown>)[name]
      ;(this as Record<string, unknown>)[name] = value
    }
    ;(Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this)
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    const props = internals(this)[propsKey]
    if (name === 'sign-only') props.signOnly = value !== null && value !== 'false'
    else if (value === null) props[camel(name)] = undefined
    else return (Base.prototype as unknown as { attributeChangedCallback(...args: unknown[]): void }).attributeChangedCallback.call(this, name, previous, value)
    internals(this)[renderKey]()
  }

  get signOnly(): boolean {
    return this.hasAttribute('sign-only')
  }
  set signOnly(value: boolean) {
    this.toggleAttribute('sign-only', Boolean(value))
  }

  /** The request to confirm: an `eth_sendTransaction` object, or a @solana/web3.js transaction with `chain-type="solana"`. */
  get transaction(): unknown {
    return internals(this)[propsKey].transaction
  }
  set transaction(value: unknown) {
    this.setObject('transaction', value)
  }

  get uiOptions(): TransactionUiOptions | undefined {
    return internals(this)[propsKey].uiOptions as TransactionUiOptions | undefined
  }
  set uiOptions(value: TransactionUiOptions | undefined) {
    this.setObject('uiOptions', value)
  }

  get config(): ConfirmTxConfig | undefined {
    return internals(this)[propsKey].config as ConfirmTxConfig | undefined
  }
  set config(value: ConfirmTxConfig | undefined) {
    this.setObject('config', value)
  }

  private setObject(name: (typeof objectProperties)[number], value: unknown): void {
    internals(this)[propsKey][name] = value
    internals(this)[renderKey]()
  }
}
