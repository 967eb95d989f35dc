import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type Ref } from 'react'
import type { ElementDefinition, TypeOf } from '../elements/index.js'

type Attributes<Definition extends ElementDefinition> = Definition['attributes'][number]
type AttributeValue<Attribute extends Attributes<ElementDefinition>> = Attribute['kind'] extends 'boolean' ? boolean : TypeOf<Attribute['type']>

/**
 * A wrapper component's props, from the element's definition: each attribute by its property name (camelCase), each
 * object property, and each event as its `on<Event>` callback with the event's detail.
 */
export type WrapperProps<Definition extends ElementDefinition, Element extends HTMLElement> = {
  [Attribute in Attributes<Definition> as Attribute['required'] extends true ? Attribute['property'] : never]: AttributeValue<Attribute>
} & {
  [Attribute in Attributes<Definition> as Attribute['required'] extends true ? never : Attribute['property']]?: AttributeValue<Attribute>
} & {
  [Property in Definition['properties'][number] as Property['name']]?: TypeOf<Property['type']>
} & {
  [Event in Definition['events'][number] as Event['reactCallback']]?: (detail: TypeOf<Event['detail']>) => void
} & { className?: string; style?: CSSProperties; ref?: Ref<Element> }

/** Writes a wrapped element's attribute: undefined removes it, an unchanged value is left alone. */
function setAttribute(element: HTMLElement, name: string, value: unknown) {
  if (value === undefined || value === null) element.removeAttribute(name)
  else if (element.getAttribute(name) !== String(value)) element.setAttribute(name, String(value))
}

/**
 * Keeps `element` in step with the wrapper's props, as its definition lists them: attributes written imperatively (a
 * removed prop removes the attribute), then object properties in their declared order, and each event's callback.
 */
export function useDefinedElement(definition: ElementDefinition, element: HTMLElement | null, props: Record<string, unknown>) {
  const values = [...definition.attributes.map((attribute) => props[attribute.property]), ...definition.properties.map((property) => props[property.name])]
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are the dependencies: a definition's lists never change
  useLayoutEffect(() => {
    if (!element) return
    for (const attribute of definition.attributes) {
      const value = props[attribute.property]
      if (attribute.kind === 'boolean') element.toggleAttribute(attribute.name, Boolean(value))
      else setAttribute(element, attribute.name, value)
    }
    const target = element as unknown as Record<string, unknown>
    for (const { name } of definition.properties) if (target[name] !== props[name]) target[name] = props[name]
    // The values are the dependencies: a definition's lists never change, so their count is fixed.
  }, [element, ...values])

  // Callbacks are read when the event comes: a new callback on each render subscribes nothing again.
  const latest = useRef(props)
  latest.current = props
  useEffect(() => {
    if (!element) return
    const listeners = definition.events.map(({ name, reactCallback }) => {
      const listener = (event: Event) => (latest.current[reactCallback] as ((detail: unknown) => void) | undefined)?.((event as CustomEvent).detail)
      element.addEventListener(name, listener)
      return () => element.removeEventListener(name, listener)
    })
    return () => listeners.forEach((remove) => remove())
  }, [element, definition])
}

/** The wrapped element once mounted, also handed to the component's own `ref`. */
export function useElementRef<Element extends HTMLElement>(ref: Ref<Element> | undefined) {
  const [element, setElement] = useState<Element | null>(null)
  const attach = useCallback(
    (next: Element | null) => {
      setElement(next)
      if (typeof ref === 'function') ref(next)
      else if (ref) ref.current = next
    },
    [ref],
  )
  return [element, attach] as const
}
