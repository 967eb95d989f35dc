import { useCallback } from 'react'
import type { ErrorRoute } from '../errors/route-error.js'
import { otpSendOptions } from '../landing/intent.js'
import { useModal } from '../modal-context.js'

/**
 * Sends the first code for the modal's request (login, link or update) through the CAPTCHA step, then
 * opens the code screen; a failure goes to `handleError`, and an inline one to `onInlineError`.
 */
export function useSendFirstCode(channel: 'email' | 'sms', onInlineError?: (kind: ErrorRoute['kind']) => void): (identifier: string) => Promise<void> {
  const { client, request, navigation, withCaptcha, handleError } = useModal()
  return useCallback(
    (identifier) =>
      withCaptcha(async (captchaToken) => {
        try {
          await client.auth[channel].sendCode(identifier, otpSendOptions(request, channel, client.getAuth().user, captchaToken))
          navigation.navigate(channel === 'email' ? 'code' : 'sms-code')
        } catch (caught) {
          onInlineError?.(handleError(caught, 'send-code'))
        }
      }),
    [client, channel, request, navigation, withCaptcha, handleError, onInlineError],
  )
}
