import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import * as styles from '../styles/modal.css.js'
import { focusableWithin } from './focusable-within.js'

export const titleId = 'tessera-modal-title'

interface ModalShellProps {
  standalone: boolean
  onClose(): void
  children: ReactNode
}

/** The dialog surface: overlay, focus trap and Escape in modal mode; inline in standalone mode. */
export function ModalShell({ standalone, onClose, children }: ModalShellProps) {
  const dialogRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (standalone) return
    const dialog = dialogRef.current
    if (!dialog) return
    const previouslyFocused = document.activeElement as HTMLElement | null
    // Focus the first field (or control) so keyboard users start inside the dialog.
    const first = dialog.querySelector<HTMLElement>('input:not([disabled])') ?? focusableWithin(dialog)[0]
    first?.focus()
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
    if (event.key !== 'Tab' || !dialogRef.current) return
    const focusable = focusableWithin(dialogRef.current)
    if (focusable.length === 0) return event.preventDefault()
    const root = dialogRef.current.getRootNode() as Document | ShadowRoot
    const index = focusable.indexOf(root.activeElement as HTMLElement)
    const next = event.shiftKey ? (index <= 0 ? focusable.length - 1 : index - 1) : index === focusable.length - 1 ? 0 : index + 1
    event.preventDefault()
    focusable[next]?.focus()
  }

  const dialog = (
    <div
      ref={dialogRef}
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
  if (standalone) return dialog
  return (
    <div
      part="overlay"
      className={styles.overlay}
      onMouseDown={(event) => {
        // Only a press on the backdrop itself closes, never one that started inside the dialog.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {dialog}
    </div>
  )
}
