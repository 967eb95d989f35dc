import { useEffect, useRef, type RefObject } from 'react'
import { focusFirstControl, focusWasHere } from '../../primitives/screen-entry-focus.js'

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
