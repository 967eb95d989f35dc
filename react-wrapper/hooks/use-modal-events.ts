import { useEffect } from 'react'
import type { AuthErrorDetail, LoginSuccessDetail } from '../../elements/index.js'
import { useTesseraContext } from '../context.js'
import { useLatest } from './latest.js'

export interface LoginCallbacks {
  onComplete?(detail: LoginSuccessDetail): void
  onError?(detail: AuthErrorDetail): void
}

export interface ModalEventCallbacks extends LoginCallbacks {
  onClose?(): void
}

/** Calls the latest callbacks for the provider modal's `loginsuccess`, `autherror` and `modalclose` events. */
export function useModalEvents(callbacks: ModalEventCallbacks): void {
  const { modal } = useTesseraContext()
  const latest = useLatest(callbacks)
  useEffect(() => {
    if (!modal) return
    const onSuccess = (event: Event) => latest.current.onComplete?.((event as CustomEvent<LoginSuccessDetail>).detail)
    const onError = (event: Event) => latest.current.onError?.((event as CustomEvent<AuthErrorDetail>).detail)
    const onClose = () => latest.current.onClose?.()
    modal.addEventListener('loginsuccess', onSuccess)
    modal.addEventListener('autherror', onError)
    modal.addEventListener('modalclose', onClose)
    return () => {
      modal.removeEventListener('loginsuccess', onSuccess)
      modal.removeEventListener('autherror', onError)
      modal.removeEventListener('modalclose', onClose)
    }
  }, [modal, latest])
}
