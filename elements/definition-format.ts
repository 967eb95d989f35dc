/**
 * The format of an element definition (`elements/<tag>/definition.ts`): each element's public surface declared once.
 * The element class, its types, the framework declarations, the React wrapper, `custom-elements.json` and the README
 * tables all follow from it.
 */

/** A declared type: `text` is how documentation writes it, `T` (phantom, never set) is what TypeScript checks. */
export interface Typed<T> {
  readonly text: string
  readonly type?: T
}

/** Declares a type once for both readers: `typed<'light' | 'dark'>("'light' \| 'dark'")`. */
export const typed = <T>(text: string): Typed<T> => ({ text })

/** The TypeScript type a `Typed` declares. */
export type TypeOf<Declared> = Declared extends Typed<infer T> ? T : never

/** `theme`: 'auto' follows the page's `prefers-color-scheme`. */
export type ThemeChoice = 'light' | 'dark' | 'auto'

/** An HTML attribute, reflected by a property: r2wc parses strings and numbers; booleans are present-means-true. */
export interface AttributeDefinition {
  readonly name: string
  readonly property: string
  readonly kind: 'string' | 'number' | 'boolean'
  readonly type: Typed<unknown>
  readonly description: string
  /** The React wrapper's prop must be given. */
  readonly required?: boolean
}

/** A JS property with no attribute (objects); setting one re-renders the element with it. */
export interface PropertyDefinition {
  readonly name: string
  readonly type: Typed<unknown>
  readonly description: string
}

export interface MethodDefinition {
  readonly name: string
  readonly parameters: readonly { readonly name: string; readonly type: string; readonly optional?: boolean }[]
  readonly description: string
}

/**
 * A DOM event (bubbling, composed). `dispatcher` 'root' means the React root calls `on<Name>` and r2wc dispatches it;
 * 'element' means the element's own code dispatches it. `reactCallback` is the React wrapper's prop.
 */
export interface EventDefinition {
  readonly name: string
  /** `text` names the detail's type; `shape` is how documentation shows it (`{ user, isNewUser }`). */
  readonly detail: Typed<unknown>
  readonly shape: string
  readonly description: string
  readonly dispatcher: 'root' | 'element'
  readonly reactCallback: string
}

export interface NamedDescription {
  readonly name: string
  readonly description: string
}

export interface ElementDefinition {
  readonly tag: string
  readonly className: string
  readonly summary: string
  readonly attributes: readonly AttributeDefinition[]
  readonly properties: readonly PropertyDefinition[]
  readonly methods: readonly MethodDefinition[]
  readonly events: readonly EventDefinition[]
  readonly parts: readonly NamedDescription[]
  readonly cssProperties: readonly NamedDescription[]
  /** Documentation after a section's list (README tables, manifest descriptions). */
  readonly notes?: Partial<Record<'attributes' | 'properties' | 'events' | 'parts', string>>
}

type Attributes<Definition extends ElementDefinition> = Definition['attributes'][number]
type Properties<Definition extends ElementDefinition> = Definition['properties'][number]
type Events<Definition extends ElementDefinition> = Definition['events'][number]

/** The element's typed properties: each attribute's (booleans always set) and each object property. */
export type ElementProperties<Definition extends ElementDefinition> = {
  -readonly [Attribute in Attributes<Definition> as Attribute['property']]: Attribute['kind'] extends 'boolean'
    ? boolean
    : TypeOf<Attribute['type']> | undefined
} & {
  -readonly [Property in Properties<Definition> as Property['name']]: TypeOf<Property['type']> | undefined
}

/** Event name to its `CustomEvent` with the declared detail. */
export type ElementEventMap<Definition extends ElementDefinition> = {
  [Event in Events<Definition> as Event['name']]: CustomEvent<TypeOf<Event['detail']>>
}

/** Each attribute by its HTML name, with the type its property takes (frameworks that write attributes). */
export type ElementAttributes<Definition extends ElementDefinition> = {
  [Attribute in Attributes<Definition> as Attribute['name']]?: Attribute['kind'] extends 'boolean' ? boolean : TypeOf<Attribute['type']>
}

/** `addEventListener` / `removeEventListener` typed for the element's events (first, so they win overload resolution). */
type EventListenerMethods<Definition extends ElementDefinition, Self> = {
  addEventListener<Name extends keyof ElementEventMap<Definition>>(
    type: Name,
    listener: (this: Self, event: ElementEventMap<Definition>[Name]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener<Name extends keyof HTMLElementEventMap>(
    type: Name,
    listener: (this: Self, event: HTMLElementEventMap[Name]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  removeEventListener<Name extends keyof ElementEventMap<Definition>>(
    type: Name,
    listener: (this: Self, event: ElementEventMap<Definition>[Name]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void
  removeEventListener<Name extends keyof HTMLElementEventMap>(
    type: Name,
    listener: (this: Self, event: HTMLElementEventMap[Name]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
}

/** The element as a host sees it: its properties and `addEventListener` / `removeEventListener` for its events. */
export type DefinedElement<Definition extends ElementDefinition, Self = HTMLElement> = EventListenerMethods<Definition, Self> &
  HTMLElement &
  ElementProperties<Definition>

/** Parts that share one description (`parts('Landing rows', ['method-button', ...])`). */
export const parts = (description: string, names: readonly string[]): NamedDescription[] => names.map((name) => ({ name, description }))
