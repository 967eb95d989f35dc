import { useCallback, useRef } from 'react'
import type { TesseraClient } from '../../core/index.js'
import type { CaptchaActionOptions } from '../modal-context.js'
import type { Navigation } from '../navigation/navigation.js'

type CaptchaAction = (captchaToken: string | undefined) => Promise<void>
interface PendingCaptcha {
  action: CaptchaAction
  userGesture: boolean
  resolve(): void
  reject(error: unknown): void
}

/** Runs an action with a CAPTCHA token: at once when one is held or CAPTCHA is off, else parked for the CAPTCHA screen. */
export function useCaptchaGate(client: TesseraClient, navigation: Navigation) {
  // The action `withCaptcha` parks for the CAPTCHA screen, and the promise its caller awaits.
  const pending = useRef<PendingCaptcha | null>(null)

  const withCaptcha = useCallback(
    async (action: CaptchaAction, options: CaptchaActionOptions = {}) => {
      if (client.getCaptcha().status === 'disabled') return action(undefined)
      const held = client.captcha.consumeToken()
      if (held) return action(held)
      pending.current?.resolve()
      return new Promise<void>((resolve, reject) => {
        pending.current = { action, userGesture: options.userGesture ?? false, resolve, reject }
        navigation.navigate('captcha')
      })
    },
    [client, navigation],
  )

  const runCaptchaAction = useCallback(async (captchaToken: string | undefined) => {
    const parked = pending.current
    pending.current = null
    if (!parked) return
    try {
      await parked.action(captchaToken)
      parked.resolve()
    } catch (caught) {
      parked.reject(caught)
    }
  }, [])

  const captchaActionNeedsUserGesture = useCallback(() => pending.current?.userGesture ?? false, [])

  /** The modal closed: the parked action's caller goes on without it. */
  const dropCaptchaAction = useCallback(() => {
    pending.current?.resolve()
    pending.current = null
  }, [])

  return { withCaptcha, runCaptchaAction, captchaActionNeedsUserGesture, dropCaptchaAction }
}
