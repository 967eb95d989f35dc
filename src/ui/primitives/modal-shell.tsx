import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react'
import * as styles from '../styles/modal.css.js'
import { focusableWithin } from './focusable-within.js'
import { useScreenEntryFocus } from './screen-entry-focus.js'

export const titleId = 'tessera-modal-title'

interface ModalShellProps {
  standalone: boolean
  onClose(): void
  children: ReactNode
}

/** The dialog surface: overlay, focus trap and Escape in modal mode; inline in standalone mode. */
export function ModalShell({ standalone, onClose, children }: ModalShellProps) {
  // State, not a ref, so the focus watch starts once the dialog is there.
  const [dialog, setDialog] = useState<HTMLDivElement | null>(null)
  // Every screen that opens (the first included) takes the focus in the modal; inline, only from a screen it was on.
  useScreenEntryFocus(dialog, { modal: !standalone })

  useEffect(() => {
    if (standalone) return
    const previouslyFocused = document.activeElement as HTMLElement | null
    // Give focus back to whatever opened the modal.
    return () => previouslyFocused?.focus?.()
  }, [standalone])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (standalone) return
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialog) return
    const focusable = focusableWithin(dialog)
    if (focusable.length === 0) return event.preventDefault()
    const root = dialog.getRootNode() as Document | ShadowRoot
    const index = focusable.indexOf(root.activeElement as HTMLElement)
    const next = event.shiftKey ? (index <= 0 ? focusable.length - 1 : index - 1) : index === focusable.length - 1 ? 0 : index + 1
    event.preventDefault()
    focusable[next]?.focus()
  }

  const surface = (
    <div
      ref={setDialog}
      part="dialog"
      role="dialog"
      aria-modal={standalone ? undefined : 'true'}
      aria-labelledby={titleId}
      className={standalone ? `${styles.dialog} ${styles.standaloneDialog}` : styles.dialog}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  )
  if (standalone) return surface
  return (
    <div
      part="overlay"
      className={styles.overlay}
      onMouseDown={(event) => {
        // Only a press on the backdrop itself closes, never one that started inside the dialog.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {surface}
    </div>
  )
}
