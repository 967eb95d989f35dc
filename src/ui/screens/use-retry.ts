import { useCallback } from 'react'
import { initialScreen } from '../landing/intent.js'
import { useModal } from '../modal-context.js'

/** Leaves an error: 'previous' goes back to the screen before it, 'landing' starts over with every flow reset. */
export function useRetry(): (target: 'previous' | 'landing') => void {
  const { client, navigation, request } = useModal()
  return useCallback(
    (target) => {
      if (target === 'previous') return navigation.back()
      client.auth.email.reset()
      client.auth.sms.reset()
      client.auth.oauth.reset()
      client.auth.passkey.reset()
      navigation.reset(initialScreen(request))
    },
    [client, navigation, request],
  )
}
