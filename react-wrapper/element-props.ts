import { useCallback, useEffect, useState, type Ref } from 'react'

/** Writes a wrapped element's attributes: undefined removes one, an unchanged value is left alone. */
export function setAttributes(element: HTMLElement, attributes: Record<string, string | number | undefined>) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) element.removeAttribute(name)
    else if (element.getAttribute(name) !== String(value)) element.setAttribute(name, String(value))
  }
}

/** Calls `handler` with the detail of each `type` event the element dispatches. */
export function useElementEvent<Detail>(element: HTMLElement | null, type: string, handler: ((detail: Detail) => void) | undefined) {
  useEffect(() => {
    if (!element || !handler) return
    const listener = (event: Event) => handler((event as CustomEvent<Detail>).detail)
    element.addEventListener(type, listener)
    return () => element.removeEventListener(type, listener)
  }, [element, type, handler])
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
