import { useCallback } from 'react'
import type { CrossAppMethod } from './routes.js'
import { useModal } from '../../modal-context.js'

/**
 * Starts the cross-app flow for a provider row and shows its status screen. `client.crossApp` opens the
 * provider's popup in the same task as the click; a failure the status screen cannot show itself
 * (allowlist, user limit, no account) opens its error screen.
 */
export function useStartCrossApp(): (method: CrossAppMethod) => void {
  const { client, request, navigation, handleError } = useModal()
  return useCallback(
    (method) => {
      const providerAppId = method.slice('privy:'.length)
      const link = request.intent === 'link' && request.method === method
      const started = link ? client.auth.crossApp.link(providerAppId) : client.auth.crossApp.login(providerAppId)
      navigation.navigate('cross-app')
      // Success is reported through the client's login or link event, which closes the modal.
      started.catch((caught: unknown) => handleError(caught, 'cross-app'))
    },
    [client, request, navigation, handleError],
  )
}
