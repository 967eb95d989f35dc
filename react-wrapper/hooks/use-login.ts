import { useCallback } from 'react'
import { useTesseraContext } from '../context.js'
import { useModalEvents, type LoginCallbacks } from './use-modal-events.js'

/** `login()` opens the provider's modal; the callbacks follow its `loginsuccess` / `autherror` events. */
export function useLogin(callbacks: LoginCallbacks = {}): { login(): void } {
  const { openModal } = useTesseraContext()
  useModalEvents(callbacks)
  // Never forward an argument: `onClick={login}` would pass the click event as the modal request.
  const login = useCallback(() => openModal(), [openModal])
  return { login }
}
