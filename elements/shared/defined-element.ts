import r2wc from '@r2wc/react-to-web-component'
import type { ComponentType } from 'react'
import type { DefinedElement, ElementDefinition } from '../definition-format.js'
import { r2wcOptions, type RootCallbackName } from './r2wc-options.js'

const propsKey = Symbol.for('r2wc.props')
const renderKey = Symbol.for('r2wc.render')
type R2wcInternals = { [propsKey]: Record<string, unknown>; [renderKey](): void }
const r2wcInternals = (element: HTMLElement) => element as unknown as R2wcInternals
/** The props r2wc renders the root with (attributes, properties, and what the element adds, e.g. `request`). */
export const rootProps = (element: HTMLElement) => r2wcInternals(element)[propsKey]
/** Renders the root again with its current props. */
export const renderRoot = (element: HTMLElement) => r2wcInternals(element)[renderKey]()

/** The custom element callbacks every defined element has. */
export interface ElementLifecycle {
  connectedCallback(): void
  attributeChangedCallback(name: string, previous: string | null, value: string | null): void
}

/** The root's missing dispatcher props (r2wc passes `on<Event>` for each event the root reports): none, or a compile error. */
type RootDispatcherCheck<Definition extends ElementDefinition, Props> =
  Exclude<RootCallbackName<Extract<Definition['events'][number], { dispatcher: 'root' }>['name']>, keyof Props> extends never
    ? []
    : [missingDispatchers: Exclude<RootCallbackName<Extract<Definition['events'][number], { dispatcher: 'root' }>['name']>, keyof Props>]

/** The constructor of a defined element: `new()` gives the element as its definition types it. */
export type DefinedElementClass<Element> = { new (): Element & ElementLifecycle; prototype: Element & ElementLifecycle; readonly observedAttributes: string[] }

/**
 * The element class a definition describes, rendering `root` (r2wc): attributes, HTML boolean attributes, object
 * properties and events all come from the definition. Server-side rendering has no HTMLElement, so the module still
 * loads there.
 */
export function definedElement<Definition extends ElementDefinition, Props>(
  definition: Definition,
  root: ComponentType<Props>,
  ..._rootAcceptsEveryDispatcher: RootDispatcherCheck<Definition, Props>
): DefinedElementClass<DefinedElement<Definition>> {
  if (typeof HTMLElement === 'undefined') return class {} as unknown as DefinedElementClass<DefinedElement<Definition>>
  const booleans = definition.attributes.filter((attribute) => attribute.kind === 'boolean')
  const objects = definition.properties.map((property) => property.name)
  const attributeProperty = new Map(definition.attributes.map((attribute) => [attribute.name, attribute.property]))
  const Base = r2wc(root as ComponentType<Record<string, unknown>>, r2wcOptions(definition)) as unknown as {
    new (): HTMLElement
    observedAttributes: string[]
    prototype: HTMLElement
  }
  const base = Base.prototype as unknown as { connectedCallback(): void; attributeChangedCallback(...args: unknown[]): void }

  class Element extends Base {
    static override get observedAttributes(): string[] {
      return [...Base.observedAttributes, ...booleans.map((attribute) => attribute.name)]
    }

    constructor() {
      super()
      for (const { name, property } of booleans) r2wcInternals(this)[propsKey][property] = this.hasAttribute(name)
    }

    connectedCallback(): void {
      // Properties set before the element was defined shadow the accessors: re-apply them through the setters.
      for (const name of [...objects, ...definition.attributes.map((attribute) => attribute.property)]) {
        if (!Object.hasOwn(this, name)) continue
        const value = (this as unknown as Record<string, unknown>)[name]
        delete (this as unknown as Record<string, unknown>)[name]
        ;(this as unknown as Record<string, unknown>)[name] = value
      }
      base.connectedCallback.call(this)
    }

    attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      const props = r2wcInternals(this)[propsKey]
      const property = attributeProperty.get(name) ?? name
      // r2wc ignores removed attributes and reads booleans by value: both are handled here.
      if (booleans.some((attribute) => attribute.name === name)) props[property] = value !== null && value !== 'false'
      else if (value === null) props[property] = undefined
      else return base.attributeChangedCallback.call(this, name, previous, value)
      r2wcInternals(this)[renderKey]()
    }
  }

  for (const name of objects) {
    Object.defineProperty(Element.prototype, name, {
      get(this: HTMLElement) {
        return r2wcInternals(this)[propsKey][name]
      },
      set(this: HTMLElement, value: unknown) {
        r2wcInternals(this)[propsKey][name] = value
        r2wcInternals(this)[renderKey]()
      },
    })
  }
  for (const { name, property } of booleans) {
    Object.defineProperty(Element.prototype, property, {
      get(this: HTMLElement) {
        return this.hasAttribute(name)
      },
      set(this: HTMLElement, value: unknown) {
        this.toggleAttribute(name, Boolean(value))
      },
    })
  }
  return Element as unknown as DefinedElementClass<DefinedElement<Definition>>
}
