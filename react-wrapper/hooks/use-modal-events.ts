import { useEffect, useRef } from 'react'
import type { AuthErrorDetail, LoginSuccessDetail } from '../../elements/index.js'
import { useTesseraContext } from '../context.js'

export interface LoginCallbacks {
  onComplete?(detail: LoginSuccessDetail): void
  onError?(detail: AuthErrorDetail): void
}

/** Calls the latest callbacks for the provider modal's `loginsuccess` and `autherror` events. */
export function useModalEvents(callbacks: LoginCallbacks): void {
  const { modal } = useTesseraContext()
  const latest = useRef(callbacks)
  latest.current = callbacks
  useEffect(() => {
    if (!modal) return
    const onSuccess = (event: Event) => latest.current.onComplete?.((event as CustomEvent<LoginSuccessDetail>).detail)
    const onError = (event: Event) => latest.current.onError?.((event as CustomEvent<AuthErrorDetail>).detail)
    modal.addEventListener('loginsuccess', onSuccess)
    modal.addEventListener('autherror', onError)
    return () => {
      modal.removeEventListener('loginsuccess', onSuccess)
      modal.removeEventListener('autherror', onError)
    }
  }, [modal])
}
