import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import type { TesseraClient } from '../../../core/index.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { useT, type MfaCopyKey } from '../../copy/mfa.js'
import { useLocale } from '../../copy/translator.js'
import { useModal } from '../../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../../modal-timing.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useMfaState } from '../../client-slices/mfa.js'
import { MfaCodeStep } from './mfa-code-step.js'
import { mfaErrorCopy, type MfaErrorCopy } from './mfa-error.js'
import { addedOn, challengeActive, passkeysOf, useUser, type MfaAnswer, type MfaMethodType, type MfaState } from './mfa-state.js'

export const methodLabel: Record<MfaMethodType, MfaCopyKey> = { totp: 'mfa.method.totp', sms: 'mfa.method.sms', passkey: 'mfa.method.passkey' }

/** Wallet spec, "States and transitions": "Other": MFA state is reset 500 ms after the modal closes. */
export const MFA_STATE_RESET_DELAY_MS = 500

/** Verify screens on the page now: a challenge is canceled only once none is left to answer it. */
let mountedVerifiers = 0

export interface MfaVerifyProps {
  /**
   * Opened on its own ('mfa:verify': a wallet action's challenge, or an explicit verification): it closes after
   * success. Otherwise it covers an enrolment screen while the core's challenge lasts.
   */
  standalone: boolean
}

/**
 * 'Verify your identity' (wallet spec, "Screens and routes" and "States and transitions"): the method starts as the user's first enrolled one (a passkey starts
 * by itself, SMS sends a code first, an authenticator app shows the input); the chooser and every back action exist
 * only with more than one method enrolled. Cancel ends the challenge: the waiting operation rejects.
 */
export function MfaVerify({ standalone }: MfaVerifyProps) {
  const t = useT()
  const { client, close } = useModal()
  const { enrolled } = useMfaState(client)
  // The user's pick; until then the first enrolled method (the list may fill in after the screen opens).
  const [picked, setPicked] = useState<MfaMethodType | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [verified, setVerified] = useState(false)
  const method = choosing ? null : (picked ?? enrolled[0] ?? null)
  const choose = enrolled.length > 1 ? () => setChoosing(true) : undefined
  const pick = (option: MfaMethodType) => {
    setPicked(option)
    setChoosing(false)
  }

  useEffect(() => {
    // Opened with nothing pending: an explicit verification raises the challenge itself.
    if (standalone && !challengeActive(client.mfa.getState())) client.mfa.verify().catch(() => {})
    mountedVerifiers++
    return () => {
      mountedVerifiers--
      // Closed while the challenge still waits: the operation must not wait for an answer that cannot come. A verify
      // screen that only moved (the modal rerouted onto 'mfa:verify') is mounted again by then.
      setTimeout(() => {
        if (mountedVerifiers === 0 && challengeActive(client.mfa.getState())) client.mfa.cancel()
      }, MFA_STATE_RESET_DELAY_MS)
    }
  }, [client, standalone])

  useEffect(() => {
    if (!verified || !standalone) return
    const timer = setTimeout(close, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [verified, standalone, close])

  const onVerified = useCallback(() => setVerified(true), [])
  const cancel = () => {
    client.mfa.cancel()
    if (standalone) close()
  }

  if (verified)
    return (
      <>
        <ScreenHeader title={t('mfa.verify.title')} />
        <div part="body" className={`${styles.body} ${styles.centred}`}>
          <p role="status" part="mfa-verified" className={styles.message}>
            {t('mfa.code.verified')}
          </p>
        </div>
      </>
    )
  if (method === null)
    return (
      <>
        <ScreenHeader title={t('mfa.verify.title')} />
        <div part="body" className={styles.body}>
          <p className={styles.message}>{t('mfa.verify.choose')}</p>
          <ul className={landingStyles.methodList} aria-label={t('mfa.verify.choose')}>
            {enrolled.map((option) => (
              <li key={option}>
                <button type="button" part={`mfa-method mfa-method-${option}`} className={landingStyles.methodButton} onClick={() => pick(option)}>
                  <span className={landingStyles.methodLabel}>{t(methodLabel[option])}</span>
                </button>
              </li>
            ))}
          </ul>
          <CancelButton onCancel={cancel} />
        </div>
      </>
    )
  const actions = <VerifyActions onChoose={choose} onCancel={cancel} />
  if (method === 'passkey') return <PasskeyVerify onBack={choose} onVerified={onVerified} actions={actions} />
  return <CodeVerify key={method} method={method} onBack={choose} onVerified={onVerified} actions={actions} />
}

/**
 * Answers the challenge. A rejection that ended the challenge, other than a cancellation, means the answer passed and
 * the operation then failed on its own account (its caller hears of it): the verification is over all the same.
 */
async function answerChallenge(client: TesseraClient, answer: MfaAnswer): Promise<void> {
  try {
    await client.mfa.submit(answer)
  } catch (caught) {
    if (challengeActive(client.mfa.getState()) || asTesseraError(caught).code === 'missing_mfa_credentials') throw caught
  }
}

/** The error the core ended the challenge with (too many attempts, time limit): it stays until the user cancels. */
const blockingError = (state: MfaState) => (state.challenge?.blocked ? state.challenge.error : null)

interface MethodViewProps {
  onBack: (() => void) | undefined
  onVerified(): void
  actions: ReactNode
}

/** An authenticator-app or SMS code; SMS sends the code to the enrolled phone first. */
function CodeVerify({ method, onBack, onVerified, actions }: MethodViewProps & { method: 'totp' | 'sms' }) {
  const t = useT()
  const { client } = useModal()
  const blockedBy = blockingError(useMfaState(client))
  const [sending, setSending] = useState(method === 'sms')
  const [sendError, setSendError] = useState<MfaErrorCopy | null>(null)

  useEffect(() => {
    if (method !== 'sms') return
    let live = true
    client.mfa
      .sendSmsCode()
      .catch((caught: unknown) => live && setSendError(mfaErrorCopy(asTesseraError(caught))))
      .finally(() => live && setSending(false))
    return () => {
      live = false
    }
  }, [client, method])

  const submit = useCallback(
    async (code: string) => {
      await answerChallenge(client, { method, code })
      onVerified()
    },
    [client, method, onVerified],
  )

  return (
    <>
      <ScreenHeader title={t('mfa.code.title')} onBack={onBack} />
      <div part="body" className={styles.body}>
        {sending ? (
          <p role="status" part="mfa-status" className={styles.message}>
            {t('mfa.code.sending')}
          </p>
        ) : sendError ? (
          <p role="alert" part="error mfa-error" className={styles.errorText}>
            {t(sendError.message)}
          </p>
        ) : (
          <MfaCodeStep description={t(method === 'sms' ? 'mfa.code.sms' : 'mfa.code.totp')} onSubmit={submit} blockedBy={blockedBy} />
        )}
        {actions}
      </div>
    </>
  )
}

/**
 * The passkey attempt running now. A verify screen mounted meanwhile (the modal rerouted onto 'mfa:verify' while a
 * covering screen had started one) follows it: a second attempt would find no challenge pending.
 */
let runningPasskeyAttempt: Promise<void> | null = null

function passkeyAttempt(client: TesseraClient): Promise<void> {
  runningPasskeyAttempt ??= answerChallenge(client, { method: 'passkey' }).finally(() => {
    runningPasskeyAttempt = null
  })
  return runningPasskeyAttempt
}

/** 'Verifying with passkey': the WebAuthn prompt starts by itself; a failure offers 'Try again'. */
function PasskeyVerify({ onBack, onVerified, actions }: MethodViewProps) {
  const t = useT()
  const locale = useLocale()
  const { client } = useModal()
  const user = useUser(client)
  const mfaState = useMfaState(client)
  const blockedBy = blockingError(mfaState)
  const [failure, setError] = useState<MfaErrorCopy | null>(null)
  // An attempt that ended before this screen mounted still shows how it ended.
  const challengeError = mfaState.challenge?.status === 'error' ? mfaState.challenge.error : null
  const error = blockedBy ? { ...mfaErrorCopy(blockedBy), blocking: true } : (failure ?? (challengeError && mfaErrorCopy(challengeError)))
  const [attempt, setAttempt] = useState(0)
  const started = useRef(-1)
  const passkey = passkeysOf(user).find((account) => account.enrolledInMfa)

  useEffect(() => {
    if (started.current === attempt) return
    started.current = attempt
    setError(null)
    passkeyAttempt(client).then(onVerified, (caught: unknown) => setError(mfaErrorCopy(asTesseraError(caught))))
  }, [client, attempt, onVerified])

  return (
    <>
      <ScreenHeader title={t('mfa.passkey.title')} onBack={onBack} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <p role="status" aria-live="polite" aria-busy={!error} part="mfa-status" className={styles.message}>
          {t('mfa.passkey.prompt')}
        </p>
        {passkey && (
          <p part="mfa-passkey-added" className={styles.label}>
            {t('mfa.passkey.added', { date: addedOn(passkey.firstVerifiedAt ?? passkey.verifiedAt, locale) })}
          </p>
        )}
        {error && (
          <>
            <p role="alert" part="error mfa-error" className={styles.errorText}>
              {t(error.message)}
            </p>
            {!error.blocking && (
              <button type="button" part="submit-button mfa-retry" className={styles.primaryButton} onClick={() => setAttempt((count) => count + 1)}>
                {t('mfa.passkey.tryAgain')}
              </button>
            )}
          </>
        )}
        {actions}
      </div>
    </>
  )
}

function VerifyActions({ onChoose, onCancel }: { onChoose: (() => void) | undefined; onCancel(): void }) {
  const t = useT()
  return (
    <>
      {onChoose && (
        <button type="button" part="mfa-choose-another" className={styles.linkButton} onClick={onChoose}>
          {t('mfa.chooseAnother')}
        </button>
      )}
      <CancelButton onCancel={onCancel} />
    </>
  )
}

function CancelButton({ onCancel }: { onCancel(): void }) {
  const t = useT()
  return (
    <button type="button" part="mfa-cancel" className={styles.linkButton} onClick={onCancel}>
      {t('mfa.cancel')}
    </button>
  )
}
