import { useCallback, useSyncExternalStore } from 'react'
import type { Unsubscribe } from '../../src/core/index.js'
import type { AuthModalElement } from '../../elements/index.js'
import { useTesseraContext } from '../context.js'

/** Calls `onChange` whenever the modal opens or closes: its `open` attribute, set by `login()` and by its own prompts alike. */
export function watchModalOpen(modal: AuthModalElement | null, onChange: () => void): Unsubscribe {
  if (!modal || typeof MutationObserver === 'undefined') return () => {}
  const observer = new MutationObserver(onChange)
  observer.observe(modal, { attributes: true, attributeFilter: ['open'] })
  return () => observer.disconnect()
}

/** Whether the provider's modal is open (the reference SDK's `useModalStatus`). */
export function useModalStatus(): { isOpen: boolean } {
  const { modal } = useTesseraContext()
  const subscribe = useCallback((onChange: () => void) => watchModalOpen(modal, onChange), [modal])
  const isOpen = useSyncExternalStore(
    subscribe,
    () => modal?.hasAttribute('open') ?? false,
    () => false,
  )
  return { isOpen }
}
