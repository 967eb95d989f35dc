import { useEffect, useRef, useState } from 'react'
import {
  CAPTCHA_AUTO_EXECUTE_MS,
  CAPTCHA_MAX_RETRIES,
  CAPTCHA_RESULT_DELAY_MS,
  CAPTCHA_STATUS_DELAY_MS,
  CAPTCHA_SUCCESS_DISPLAY_MS,
} from '../captcha/captcha-timing.js'
import { useT } from '../copy/captcha.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'

type Outcome = 'pending' | 'success' | 'error'

/**
 * The CAPTCHA screen (sign-in spec, "States and transitions"; wallet spec, "Screens and routes": "Other screens"): the widget is invisible; it runs by
 * itself after 500 ms, shows a status only after 1 s, then hands the token to the action `withCaptcha`
 * parked, which goes on to the next screen from the one the user started on. A failure can be retried 3 times.
 */
export default function CaptchaScreen() {
  const t = useT()
  const { client, navigation, runCaptchaAction } = useModal()
  const [attempt, setAttempt] = useState(0)
  const latest = useRef(runCaptchaAction)
  latest.current = runCaptchaAction

  // Leave first so the CAPTCHA screen stays out of the history; the action then moves on from
  // where the user started, and a failure rejects its caller's `withCaptcha`, whose handler shows it.
  const handOn = (token: string) => {
    navigation.back()
    return latest.current(client.captcha.consumeToken() ?? token)
  }
  const { outcome, statusShown, heldToken, restart } = useCaptchaAttempt(attempt, handOn)

  const retriesLeft = CAPTCHA_MAX_RETRIES - attempt
  const retry = () => {
    client.captcha.reset()
    restart()
    setAttempt((count) => count + 1)
  }
  const status = statusShown ? outcome : 'pending'
  const title = { pending: t('captcha.checking'), success: t('captcha.success.title'), error: t('captcha.error.title') }[status]
  return (
    <>
      <ScreenHeader title={title} />
      <div part="body" className={styles.body} aria-live="polite">
        {status === 'success' && <p className={styles.message}>{t('captcha.success.description')}</p>}
        {status === 'success' && heldToken && (
          <button type="button" part="captcha-continue" className={styles.primaryButton} onClick={() => void handOn(heldToken)}>
            {t('captcha.continue')}
          </button>
        )}
        {status === 'error' && (
          <>
            <p part="error" role="alert" className={styles.message}>
              {t('captcha.error.description')}
              {retriesLeft === 0 && ` ${t('captcha.error.hint')}`}
            </p>
            {retriesLeft > 0 && (
              <button type="button" part="captcha-retry" className={styles.primaryButton} onClick={retry}>
                {t('captcha.retry')}
              </button>
            )}
          </>
        )}
      </div>
    </>
  )
}

/**
 * One run of the invisible widget: it starts by itself after 500 ms (at once on a retry), its status shows only after
 * 1 s, and a solved token is handed on, or held for Continue when the action must run inside a click.
 */
function useCaptchaAttempt(attempt: number, handOn: (token: string) => Promise<void>) {
  const { client, captchaActionNeedsUserGesture } = useModal()
  const [outcome, setOutcome] = useState<Outcome>('pending')
  const [statusShown, setStatusShown] = useState(false)
  // Set when the action must run inside a click: the solved token waits for Continue.
  const [heldToken, setHeldToken] = useState<string | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new handOn callback must not restart the challenge; it is read when the token comes
  useEffect(() => {
    let live = true
    const timers: ReturnType<typeof setTimeout>[] = []
    const later = (ms: number, run: () => void) => timers.push(setTimeout(() => live && run(), ms))
    const startedAt = performance.now()
    const statusTimer = setTimeout(() => live && setStatusShown(true), CAPTCHA_STATUS_DELAY_MS)
    timers.push(statusTimer)
    later(attempt === 0 ? CAPTCHA_AUTO_EXECUTE_MS : 0, async () => {
      let token: string
      try {
        token = await client.captcha.execute()
      } catch {
        if (live) setOutcome('error')
        return
      }
      if (!live) return
      setOutcome('success')
      if (captchaActionNeedsUserGesture()) {
        clearTimeout(statusTimer)
        setStatusShown(true)
        setHeldToken(token)
        return
      }
      const shown = performance.now() - startedAt >= CAPTCHA_STATUS_DELAY_MS
      // A quick pass never shows a status: it is handed on while 'Checking…' is still up.
      if (!shown) clearTimeout(statusTimer)
      later(shown ? CAPTCHA_SUCCESS_DISPLAY_MS : CAPTCHA_RESULT_DELAY_MS, () => void handOn(token))
    })
    return () => {
      live = false
      for (const timer of timers) clearTimeout(timer)
    }
  }, [attempt, client, captchaActionNeedsUserGesture])
  const restart = () => {
    setOutcome('pending')
    setStatusShown(false)
  }
  return { outcome, statusShown, heldToken, restart }
}
