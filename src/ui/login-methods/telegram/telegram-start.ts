import { useCallback } from 'react'
import { useModal } from '../../modal-context.js'

/**
 * Starts Telegram (after the CAPTCHA when the app has one) and shows its status screen; a failure the status screen
 * cannot show itself (allowlist, user limit, no account, transfer) opens its error screen. `client.auth.telegram.login`
 * runs in the same task as the click so the browser allows the widget's popup.
 */
export function useStartTelegram(): (intent: 'login' | 'link') => void {
  const { client, navigation, withCaptcha, handleError } = useModal()
  return useCallback(
    (intent) => {
      const start = async (captchaToken: string | undefined) => {
        const started = intent === 'link' ? client.auth.telegram.link() : client.auth.telegram.login(captchaToken ? { captchaToken } : {})
        navigation.navigate('telegram')
        try {
          // Success is reported through the client's login or link event, which closes the modal.
          await started
        } catch (caught) {
          // A link refused with `account_transfer_required` opens the transfer offer (the user id comes from the error).
          handleError(caught, 'telegram', intent === 'link' ? { linkMethod: 'telegram', account: '' } : undefined)
        }
      }
      // Linking needs no CAPTCHA; the popup needs a click, so the CAPTCHA screen asks for one.
      if (intent === 'link') void start(undefined)
      else withCaptcha(start, { userGesture: true }).catch((caught: unknown) => handleError(caught, 'telegram'))
    },
    [client, navigation, withCaptcha, handleError],
  )
}
