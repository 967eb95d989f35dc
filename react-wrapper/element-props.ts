import { useCallback, useEffect, useState, type Ref } from 'react'

/** Writes one attribute of a wrapped element: undefined removes it, an unchanged value is left alone. */
export function setAttribute(element: HTMLElement, name: string, value: string | number | undefined) {
  if (value === undefined) element.removeAttribute(name)
  else if (element.getAttribute(name) !== String(value)) element.setAttribute(name, String(value))
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
