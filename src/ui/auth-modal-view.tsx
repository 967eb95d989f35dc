import { lazy, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { TesseraClient, TesseraError, User } from '../core/index.js'
import { asTesseraError } from './as-tessera-error.js'
import { t } from './copy/en.js'
import { routeError, type ErrorStep } from './errors/route-error.js'
import { ModalContext, type ModalContextValue } from './modal-context.js'
import { createNavigation } from './navigation/navigation.js'
import { ModalShell } from './primitives/modal-shell.js'
import { Landing } from './screens/landing.js'
import * as styles from './styles/modal.css.js'

// Only the landing ships in the first chunk; later screens load when first shown.
const CodeEntry = lazy(() => import('./screens/code-entry.js'))
const ErrorScreen = lazy(() => import('./screens/error-screen.js'))

/** Document 1 §4 "Modal lifecycle": the auth flow is cleared 200 ms after close. */
export const FLOW_RESET_DELAY_MS = 200

export interface AuthModalViewProps {
  client: TesseraClient
  open: boolean
  standalone: boolean
  /** Asks the host to close (the element flips `open` and dispatches `modalclose`). */
  onClose(): void
  onLoginSuccess(detail: { user: User; isNewUser: boolean }): void
  onAuthError(error: TesseraError): void
}

/** The whole sign-in modal over one client: screens, navigation and lifecycle. */
export function AuthModalView({ client, open, standalone, onClose, onLoginSuccess, onAuthError }: AuthModalViewProps) {
  const navigation = useMemo(createNavigation, [])
  const { current } = useSyncExternalStore(navigation.subscribe, navigation.getState)
  const [error, setError] = useState<TesseraError | null>(null)
  const visible = open || standalone

  useEffect(() => {
    if (!visible) return
    return client.on('login', ({ user, isNewUser }) => {
      onLoginSuccess({ user, isNewUser })
      if (standalone) navigation.reset()
      else onClose()
    })
  }, [client, visible, standalone, navigation, onLoginSuccess, onClose])

  useEffect(() => {
    if (visible) return
    const timer = setTimeout(() => {
      client.email.reset()
      navigation.reset()
      setError(null)
    }, FLOW_RESET_DELAY_MS)
    return () => clearTimeout(timer)
  }, [client, visible, navigation])

  const showError = useCallback(
    (next: TesseraError) => {
      setError(next)
      onAuthError(next)
      navigation.navigate('error')
    },
    [navigation, onAuthError],
  )

  const handleError = useCallback(
    (caught: unknown, step: ErrorStep) => {
      const error = asTesseraError(caught)
      const { kind } = routeError(error, step)
      if (kind === 'screen') showError(error)
      else onAuthError(error)
      return kind
    },
    [showError, onAuthError],
  )

  const context = useMemo<ModalContextValue>(
    () => ({ client, navigation, standalone, close: onClose, showError, handleError, error }),
    [client, navigation, standalone, onClose, showError, handleError, error],
  )

  if (!visible) return null
  return (
    <ModalContext.Provider value={context}>
      <ModalShell standalone={standalone} onClose={onClose}>
        <Suspense fallback={<p className={styles.message}>{t('modal.loading')}</p>}>
          {current === 'landing' && <Landing />}
          {current === 'code' && <CodeEntry />}
          {current === 'error' && <ErrorScreen />}
        </Suspense>
      </ModalShell>
    </ModalContext.Provider>
  )
}
