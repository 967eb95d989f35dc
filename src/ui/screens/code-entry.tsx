import { useCallback, useEffect, useState } from 'react'
import { resendSecondsLeft } from '../code-entry/resend-countdown.js'
import { asTesseraError } from '../as-tessera-error.js'
import { t } from '../copy/en.js'
import { useModal } from '../modal-context.js'
import { CodeBoxesInput } from '../primitives/code-boxes-input.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState, useEmailFlowState } from '../use-client-state.js'

/** Document 1 §9: the digit-box error resets after 1400 ms. */
export const INCORRECT_CODE_RESET_MS = 1400

/** 'Enter confirmation code': six boxes, auto-submit, resend with a 30 s 'Code sent' countdown. */
export default function CodeEntry() {
  const { client, navigation, showError, handleError } = useModal()
  const { config } = useConfigState(client)
  const flow = useEmailFlowState(client)
  const [incorrect, setIncorrect] = useState(false)
  const [resetKey, setResetKey] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const secondsLeft = resendSecondsLeft(flow.codeSentAt, now)

  useEffect(() => {
    if (secondsLeft === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [secondsLeft === 0])

  useEffect(() => {
    if (!incorrect) return
    const timer = setTimeout(() => {
      setIncorrect(false)
      setResetKey((key) => key + 1)
    }, INCORRECT_CODE_RESET_MS)
    return () => clearTimeout(timer)
  }, [incorrect])

  const submit = useCallback(
    async (code: string) => {
      try {
        // Success is reported through the client's `login` event, which closes the modal.
        await client.email.loginWithCode(code)
      } catch (caught) {
        if (handleError(caught, 'submit-code') === 'inline-incorrect-code') setIncorrect(true)
      }
    },
    [client, handleError],
  )

  const resend = async () => {
    if (!flow.email) return navigation.back()
    try {
      await client.email.sendCode(flow.email)
      setNow(Date.now())
    } catch (caught) {
      showError(asTesseraError(caught))
    }
  }

  const submitting = flow.status === 'submitting-code'
  return (
    <>
      <ScreenHeader title={t('code.title')} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('code.description', { email: flow.email ?? '', app: config.appName })}</p>
        <CodeBoxesInput disabled={submitting || incorrect} error={incorrect ? t('code.incorrect') : null} onComplete={submit} resetKey={resetKey} />
        <div className={styles.centred} aria-live="polite">
          {submitting ? (
            <span>{t('code.submitting')}</span>
          ) : secondsLeft > 0 ? (
            <span className={styles.badge}>{t('code.sent')}</span>
          ) : (
            <button type="button" className={styles.linkButton} onClick={resend} disabled={flow.status === 'sending-code'}>
              {t('code.resend')}
            </button>
          )}
        </div>
      </div>
    </>
  )
}
