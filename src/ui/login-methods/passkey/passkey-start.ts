import { useCallback } from 'react'
import type { PasskeyIntent } from '../../../core/index.js'
import { useModal } from '../../modal-context.js'

/**
 * Starts a passkey ceremony (after the CAPTCHA when the app has one) and shows its status screen; a failure
 * the status screen cannot show itself (allowlist, user limit, no account, transfer) opens its error screen.
 */
export function useStartPasskey(): (intent: PasskeyIntent) => void {
  const { client, navigation, withCaptcha, handleError } = useModal()
  return useCallback(
    (intent) => {
      const ceremony = async (captchaToken: string | undefined) => {
        navigation.navigate('passkey')
        const options = captchaToken ? { captchaToken } : {}
        try {
          // Success is reported through the client's login or link event, which closes the modal.
          await (intent === 'link'
            ? client.auth.passkey.link()
            : intent === 'signup'
              ? client.auth.passkey.signup(options)
              : client.auth.passkey.login(options))
        } catch (caught) {
          handleError(caught, 'passkey')
        }
      }
      // Linking needs no CAPTCHA; the ceremony may need a click in some browsers, so the CAPTCHA screen asks for one.
      if (intent === 'link') void ceremony(undefined)
      else withCaptcha(ceremony, { userGesture: true }).catch((caught: unknown) => handleError(caught, 'passkey'))
    },
    [client, navigation, withCaptcha, handleError],
  )
}
