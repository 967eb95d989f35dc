import { useEffect } from 'react'
import { focusableWithin } from './focusable-within.js'

/** The focus is in `view`, or was dropped with a control the last screen removed (the page's body then holds it). */
export function focusWasHere(view: HTMLElement): boolean {
  const active = (view.getRootNode() as Document | ShadowRoot).activeElement
  if (active && active !== document.body) return view.contains(active)
  return document.activeElement === null || document.activeElement === document.body
}

/** The screen's first field, else its body's first control, else its heading (a status screen), else its first control. */
export function focusFirstControl(view: HTMLElement): void {
  const body = view.querySelector<HTMLElement>('[part~="body"]') ?? view
  const control = body.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled])') ?? focusableWithin(body)[0]
  if (control) return control.focus()
  const heading = view.querySelector<HTMLElement>('h1, h2')
  if (!heading) return focusableWithin(view)[0]?.focus()
  // Programmatic focus only, never a Tab stop.
  heading.tabIndex = -1
  heading.focus()
}

export interface ScreenEntryFocusOptions {
  /** Modal: focus always moves into a new screen. Inline: only when it was in the view (or dropped with the last screen). */
  modal: boolean
  /** Inline: the first screen takes the focus too (it opened on the app's request, as `<confirm-tx>`'s confirmation). */
  focusFirstScreen?: boolean
}

/**
 * Each screen that opens in `view` (a new heading, or new words in it: lazily loaded screens included) moves the
 * focus into itself, so keyboard and screen-reader users start there instead of on the page's body.
 */
export function useScreenEntryFocus(view: HTMLElement | null, { modal, focusFirstScreen = false }: ScreenEntryFocusOptions): void {
  useEffect(() => {
    if (!view) return
    let heading: { element: Element; text: string | null } | null = null
    let first = true
    const check = () => {
      const current = view.querySelector('h1, h2')
      // A new heading, or new words in it (React may keep the element from one screen to the next).
      if (current === null || (current === heading?.element && current.textContent === heading.text)) return
      heading = { element: current, text: current.textContent }
      const opening = first
      first = false
      // A screen that placed the focus itself (autofocus) keeps it.
      const active = (view.getRootNode() as Document | ShadowRoot).activeElement
      if (active && active !== document.body && view.contains(active)) return
      if (modal || (opening ? focusFirstScreen : focusWasHere(view))) focusFirstControl(view)
    }
    check()
    const observer = new MutationObserver(check)
    observer.observe(view, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [view, modal, focusFirstScreen])
}
