import { useCallback, useEffect, useState } from 'react'
import { resendSecondsLeft } from '../../code-entry/resend-countdown.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { useT } from '../../copy/code.js'
import { signupDisabled } from '../../landing/login-request.js'
import { useModal } from '../../modal-context.js'
import { CodeBoxesInput } from '../../primitives/code-boxes-input.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { maskPhoneNumber } from '../../../core/index.js'
import { useConfigState } from '../../client-slices/config.js'
import { useLoginMethodState, type OtpChannel } from '../../client-slices/login-method.js'

/** Sign-in spec, "Business constants and limits": the digit-box error resets after 1400 ms. */
export const INCORRECT_CODE_RESET_MS = 1400

/** 'Enter confirmation code' for email or SMS: six boxes, auto-submit, resend with a 30 s 'Code sent' countdown. */
/** Seconds until 'Resend code' is offered again, ticking each second while there are any. */
function useResendCountdown(codeSentAt: Parameters<typeof resendSecondsLeft>[0]) {
  const [now, setNow] = useState(() => Date.now())
  const secondsLeft = resendSecondsLeft(codeSentAt, now)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticker restarts only when the countdown ends or starts again, not every second
  useEffect(() => {
    if (secondsLeft === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [secondsLeft === 0])
  return { secondsLeft, tick: () => setNow(Date.now()) }
}

export default function CodeEntry({ channel }: { channel: OtpChannel }) {
  const t = useT()
  const { client, request, navigation, showError, handleError, withCaptcha } = useModal()
  const { config } = useConfigState(client)
  const flow = useLoginMethodState(client, channel)
  const otp = client.auth[channel]
  const [incorrect, setIncorrect] = useState(false)
  const [resetKey, setResetKey] = useState(0)
  const { secondsLeft, tick } = useResendCountdown(flow.codeSentAt)

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
        // Success is reported through the client's login, link or update event, which closes the modal.
        await otp.submitCode(code, signupDisabled(request) ? { disableSignup: true } : undefined)
      } catch (caught) {
        // A link refused with `account_transfer_required` opens the transfer offer for this address or number.
        const transfer = flow.intent === 'link' && flow.identifier ? { linkMethod: channel, account: flow.identifier } : undefined
        if (handleError(caught, 'submit-code', transfer) === 'inline-incorrect-code') setIncorrect(true)
      }
    },
    [otp, request, handleError, flow.intent, flow.identifier, channel],
  )

  const resend = async () => {
    const { identifier, intent, previousIdentifier } = flow
    if (!identifier) return navigation.back()
    await withCaptcha(async (captchaToken) => {
      try {
        await otp.sendCode(identifier, { intent, ...(previousIdentifier ? { previousIdentifier } : {}), ...(captchaToken ? { captchaToken } : {}) })
        tick()
      } catch (caught) {
        showError(asTesseraError(caught))
      }
    })
  }

  const submitting = flow.status === 'submitting-code'
  return (
    <>
      <ScreenHeader title={t('code.title')} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <p part="code-description" className={styles.message}>
          {channel === 'email'
            ? t('code.description', { email: flow.identifier ?? '', app: config.appName })
            : t(config.whatsAppEnabled ? 'code.description.whatsapp' : 'code.description.sms', {
                phone: maskPhoneNumber(flow.identifier ?? ''),
                app: config.appName,
              })}
        </p>
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
