import { useCallback, useState } from 'react'
import type { TesseraClient, TesseraError } from '../../core/index.js'
import { asTesseraError } from '../as-tessera-error.js'
import { routeError, type ErrorStep } from '../errors/route-error.js'
import type { AccountTransfer, TransferContext } from '../modal-context.js'
import type { Navigation } from '../navigation/navigation.js'

/** Where a failed step goes: its error screen, the account-transfer offer, or only the host's `autherror`. */
export function useErrorRouting(client: TesseraClient, navigation: Navigation, onAuthError: (error: TesseraError) => void) {
  const [error, setError] = useState<TesseraError | null>(null)
  const [errorStep, setErrorStep] = useState<ErrorStep | null>(null)
  const [transfer, setTransfer] = useState<AccountTransfer | null>(null)

  const showError = useCallback(
    (next: TesseraError, step: ErrorStep | null = null) => {
      const route = routeError(next, step ?? 'login')
      setError(next)
      setErrorStep(step)
      onAuthError(next)
      navigation.navigate(route.kind === 'screen' ? route.screen : 'error')
    },
    [navigation, onAuthError],
  )

  const handleError = useCallback(
    (caught: unknown, step: ErrorStep, transferContext?: TransferContext) => {
      const error = asTesseraError(caught)
      const { kind } = routeError(error, step)
      // The server refused the CAPTCHA token, so the next attempt needs a new one.
      if (error.code === 'invalid_captcha') client.captcha.reset()
      const offer = kind === 'account-transfer' && transferContext ? client.accountTransferFrom(error, transferContext) : null
      if (offer) {
        setTransfer(offer)
        navigation.navigate('account-transfer')
      } else if (kind === 'screen' || kind === 'account-transfer') {
        showError(error, step)
        return 'screen'
      } else onAuthError(error)
      return kind
    },
    [client, navigation, showError, onAuthError],
  )

  const clearErrors = useCallback(() => {
    setErrorStep(null)
    setTransfer(null)
    setError(null)
  }, [])

  return { error, errorStep, transfer, showError, handleError, clearErrors }
}
