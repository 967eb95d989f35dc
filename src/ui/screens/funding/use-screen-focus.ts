import { useEffect, useRef, type RefObject } from 'react'
import { focusableWithin } from '../../primitives/focusable-within.js'

/** The focus is in `view`, or was dropped with a control the last screen removed (the page's body then holds it). */
function focusWasHere(view: HTMLElement): boolean {
  const active = (view.getRootNode() as Document | ShadowRoot).activeElement
  if (active && active !== document.body) return view.contains(active)
  return document.activeElement === null || document.activeElement === document.body
}

/** The screen's first field, else its body's first control. */
function focusFirstControl(view: HTMLElement): void {
  const body = view.querySelector<HTMLElement>('[part~="body"]') ?? view
  const target = body.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled])') ?? focusableWithin(body)[0] ?? focusableWithin(view)[0]
  target?.focus()
}

/**
 * A new screen (`screen` changed) replaces the controls the user was on: its first field, else its body's first
 * control, takes the focus, so a keyboard user goes on from there. In the modal always (after the effects of the
 * render, so also over the modal's own first focus); standalone only when the focus was in the view, and never on
 * the first render (the host page keeps its focus and scroll position).
 */
export function useScreenFocus(container: RefObject<HTMLElement | null>, screen: string | null, standalone: boolean): void {
  const firstRender = useRef(true)
  useEffect(() => {
    const view = container.current
    if (!view || screen === null) return
    const initial = firstRender.current
    firstRender.current = false
    if (standalone && (initial || !focusWasHere(view))) return
    queueMicrotask(() => {
      if (view.isConnected) focusFirstControl(view)
    })
  }, [container, screen, standalone])
}
