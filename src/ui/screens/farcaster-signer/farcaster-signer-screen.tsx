/**
 * 'farcaster:signer' (wallet spec, "States and transitions": "Farcaster signer"): asks the user's Farcaster account to add the embedded
 * wallet's signer key (derived and kept in the wallet frame). Pending shows the approval link as a QR code with
 * open and copy links while the core polls every 2 s; approved shows success and the modal closes after the shared
 * delay; revoked is 'Request rejected'; 300 s is 'Connect failed' / 'The request timed out. Try again.'; no key is
 * 'Connect failed'. Each failure offers 'Try again'.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { TesseraError } from '../../../core/index.js'
import { useT } from '../../copy/farcaster-signer.js'
import { FarcasterIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../../modal-timing.js'
import { isMobile } from '../../primitives/is-mobile.js'
import { QrCode } from '../../primitives/qr-code.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import { COPIED_ADDRESS_RESET_MS, useCopied } from '../../primitives/use-copied.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'

/** Sign-in spec, "Screens and routes": Farcaster QR codes are 275 px square. */
const FARCASTER_QR_SIZE = 275

type Phase = { step: 'starting' } | { step: 'pending'; url: string } | { step: 'done' } | { step: 'failed'; error: unknown }

/** The spec's title and message of a failure: revoked → 'Request rejected'; anything else → 'Connect failed'. */
function failureCopy(t: ReturnType<typeof useT>, error: unknown): { title: string; detail: string | null } {
  if (TesseraError.is(error) && error.code === 'unable_to_sign') return { title: t('farcasterSigner.rejected'), detail: null }
  if (TesseraError.is(error) && error.code === 'client_request_timeout') return { title: t('farcasterSigner.failed'), detail: t('farcasterSigner.timeout') }
  return { title: t('farcasterSigner.failed'), detail: null }
}

function SignerFailed({ error, retry }: { error: Parameters<typeof failureCopy>[1]; retry(): void }) {
  const t = useT()
  const { title, detail } = failureCopy(t, error)
  return (
    <>
      <ScreenHeader title={title} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <span className={landingStyles.statusIcon}>
          <FarcasterIcon />
        </span>
        <div role="alert" className={styles.centred}>
          {detail && (
            <p part="error farcaster-signer-error" className={styles.message}>
              {detail}
            </p>
          )}
        </div>
        <button type="button" part="submit-button retry-button" className={styles.primaryButton} onClick={retry}>
          {t('farcasterSigner.retry')}
        </button>
      </div>
    </>
  )
}

export function FarcasterSignerScreen() {
  const t = useT()
  const { phase, start } = useSignerRequest()
  const { copied, copy } = useCopied(COPIED_ADDRESS_RESET_MS)

  if (phase.step === 'failed') return <SignerFailed error={phase.error} retry={start} />

  const url = phase.step === 'pending' ? phase.url : null
  const mobile = isMobile()
  return (
    <>
      <ScreenHeader title={phase.step === 'done' ? t('farcasterSigner.done.title') : t('farcasterSigner.title')} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        {url && !mobile ? (
          <QrCode uri={url} label={t('farcasterSigner.qr.label')} part="farcaster-signer-qr-code" size={FARCASTER_QR_SIZE} errorCorrectionLevel="M" />
        ) : (
          <span className={landingStyles.statusIcon}>
            <FarcasterIcon />
          </span>
        )}
        <div role="status" aria-live="polite" className={styles.centred}>
          {phase.step === 'starting' && <p className={styles.message}>{t('farcasterSigner.starting')}</p>}
          {url && (
            <p part="farcaster-signer-hint" className={styles.message}>
              {t('farcasterSigner.hint')}
            </p>
          )}
          {url && (
            <p part="farcaster-signer-waiting" aria-busy="true" className={styles.message}>
              {t('farcasterSigner.waiting')}
            </p>
          )}
          {phase.step === 'done' && (
            <p part="farcaster-signer-done" className={styles.message}>
              {t('farcasterSigner.done')}
            </p>
          )}
          {copied && (
            <p part="farcaster-signer-copied" className={styles.message}>
              {t('farcasterSigner.copied')}
            </p>
          )}
        </div>
        {url && (
          <a
            part={`${mobile ? 'submit-button ' : ''}farcaster-signer-open`}
            className={mobile ? styles.primaryButton : styles.linkButton}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('farcasterSigner.openApp')}
          </a>
        )}
        {url && (
          <button type="button" part="farcaster-signer-copy-link" className={styles.linkButton} onClick={() => void copy(url)}>
            {t('farcasterSigner.copyLink')}
          </button>
        )}
      </div>
    </>
  )
}

/** Asks for the signer when the screen opens (again on 'Try again'); closing the modal stops the polling; approved closes it. */
function useSignerRequest() {
  const { client, close } = useModal()
  const [phase, setPhase] = useState<Phase>({ step: 'starting' })
  const running = useRef<AbortController | null>(null)

  const start = useCallback(() => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setPhase({ step: 'starting' })
    void (async () => {
      try {
        // No key given: the embedded wallet's, whose private half never leaves the wallet frame.
        await client.auth.farcaster.requestSigner(undefined, {
          signal: controller.signal,
          onPendingApproval: ({ signerApprovalUrl }) => !controller.signal.aborted && setPhase({ step: 'pending', url: signerApprovalUrl }),
        })
        if (!controller.signal.aborted) setPhase({ step: 'done' })
      } catch (error) {
        if (!controller.signal.aborted) setPhase({ step: 'failed', error })
      }
    })()
  }, [client])

  // Starts with the screen; closing the modal stops the polling.
  useEffect(() => {
    start()
    return () => running.current?.abort()
  }, [start])

  useEffect(() => {
    if (phase.step !== 'done') return
    const timer = setTimeout(close, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [phase.step, close])
  return { phase, start }
}
