import r2wc from '@r2wc/react-to-web-component'
import type { ComponentType } from 'react'

/**
 * One definition per inline panel element (`<confirm-tx>`, `<fund-wallet>`): its React root, string and number
 * attributes, HTML boolean attributes, object properties and events; the element class follows from it.
 */
export interface PanelElementDefinition {
  // r2wc passes the shadow root and event dispatchers besides the declared props.
  root: ComponentType<never>
  /** Props read from attributes (`chainId` ← `chain-id`). */
  attributes: Record<string, 'string' | 'number'>
  /** HTML booleans: present means true (`sign-only` → `signOnly`). */
  booleans?: readonly string[]
  /** JS properties only, never attributes; setting one re-renders with it. */
  objects: readonly string[]
  /** DOM event names (no `on` prefix), dispatched bubbling and composed with the root's `on<Name>` callbacks. */
  events: readonly string[]
}

const propsKey = Symbol.for('r2wc.props')
const renderKey = Symbol.for('r2wc.render')
type R2wcInternals = { [propsKey]: Record<string, unknown>; [renderKey](): void }
const internals = (element: HTMLElement) => element as unknown as R2wcInternals
const camel = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
const callbackName = (event: string) => `on${event[0]!.toUpperCase()}${event.slice(1)}`

/** The element class of a panel; server-side rendering has no HTMLElement, so the module still loads there. */
export function panelElement(definition: PanelElementDefinition): CustomElementConstructor {
  if (typeof HTMLElement === 'undefined') return class {} as unknown as CustomElementConstructor
  const { booleans = [], objects } = definition
  const eventInit = { bubbles: true, composed: true }
  const Base = r2wc(definition.root as ComponentType<Record<string, unknown>>, {
    shadow: 'open',
    props: definition.attributes,
    events: Object.fromEntries(definition.events.map((event) => [callbackName(event), eventInit])),
  }) as unknown as { new (): HTMLElement; observedAttributes: string[]; prototype: HTMLElement }
  const base = Base.prototype as unknown as { connectedCallback(): void; attributeChangedCallback(...args: unknown[]): void }

  class PanelElement extends Base {
    static override get observedAttributes(): string[] {
      return [...Base.observedAttributes, ...booleans]
    }

    constructor() {
      super()
      for (const name of booleans) internals(this)[propsKey][camel(name)] = this.hasAttribute(name)
    }

    connectedCallback(): void {
      // Properties set before the element was defined shadow the accessors: re-apply them through the setters.
      for (const name of [...objects, ...booleans.map(camel)]) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue
        const value = (this as unknown as Record<string, unknown>)[name]
        delete (this as unknown as Record<string, unknown>)[name]
        ;(this as unknown as Record<string, unknown>)[name] = value
      }
      base.connectedCallback.call(this)
    }

    attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      const props = internals(this)[propsKey]
      // r2wc ignores removed attributes and reads booleans by value: both are handled here.
      if (booleans.includes(name)) props[camel(name)] = value !== null && value !== 'false'
      else if (value === null) props[camel(name)] = undefined
      else return base.attributeChangedCallback.call(this, name, previous, value)
      internals(this)[renderKey]()
    }
  }

  for (const name of objects) {
    Object.defineProperty(PanelElement.prototype, name, {
      get(this: HTMLElement) {
        return internals(this)[propsKey][name]
      },
      set(this: HTMLElement, value: unknown) {
        internals(this)[propsKey][name] = value
        internals(this)[renderKey]()
      },
    })
  }
  for (const attribute of booleans) {
    Object.defineProperty(PanelElement.prototype, camel(attribute), {
      get(this: HTMLElement) {
        return this.hasAttribute(attribute)
      },
      set(this: HTMLElement, value: unknown) {
        this.toggleAttribute(attribute, Boolean(value))
      },
    })
  }
  return PanelElement as unknown as CustomElementConstructor
}
