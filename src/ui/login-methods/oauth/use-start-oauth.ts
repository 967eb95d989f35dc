import { useCallback } from 'react'
import type { TesseraClient } from '../../../core/index.js'
import type { OAuthProvider } from '../../../protocol/index.js'
import { signupDisabled } from '../../landing/login-request.js'
import { useModal } from '../../modal-context.js'
import { leadingDebounce, OAUTH_BUTTON_DEBOUNCE_MS } from '../../primitives/leading-debounce.js'

// One debounce per client: a press on the landing, then back and another press, is still one start.
const debounces = new WeakMap<TesseraClient, ReturnType<typeof leadingDebounce>>()
const debounceFor = (client: TesseraClient) => {
  if (!debounces.has(client)) debounces.set(client, leadingDebounce(OAUTH_BUTTON_DEBOUNCE_MS))
  return debounces.get(client)!
}

/**
 * Starts OAuth in a popup for the modal's intent and shows the status screen; presses within 2 s of the
 * last are dropped. `client.auth.oauth.start` runs in the same task as the click so the browser allows the popup.
 */
export function useStartOAuth(): (provider: OAuthProvider) => void {
  const { client, request, navigation, withCaptcha, handleError } = useModal()
  return useCallback(
    (provider) =>
      void debounceFor(client)(() => {
        const intent = request.intent === 'link' && request.method === provider ? 'link' : 'login'
        void withCaptcha(
          async (captchaToken) => {
            const noSignup = intent === 'login' && signupDisabled(request)
            const started = client.auth.oauth.start(provider, {
              popup: true,
              intent,
              ...(noSignup ? { disableSignup: true } : {}),
              ...(captchaToken ? { captchaToken } : {}),
            })
            navigation.navigate('oauth')
            try {
              // Success is reported through the client's login or link event, which closes the modal.
              await started
            } catch (caught) {
              // A link refused with `account_transfer_required` opens the transfer offer (its subject comes from the error).
              handleError(caught, 'oauth', intent === 'link' ? { linkMethod: provider, account: '' } : undefined)
            }
          },
          { userGesture: true },
        )
      }),
    [client, request, navigation, withCaptcha, handleError],
  )
}
