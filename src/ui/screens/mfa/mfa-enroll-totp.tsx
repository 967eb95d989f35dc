import { useCallback, useEffect, useState } from 'react'
import type { TesseraError, TotpEnrollment } from '../../../core/index.js'
import { asTesseraError } from '../../as-tessera-error.js'
import { useT } from '../../copy/mfa.js'
import { useModal } from '../../modal-context.js'
import { QrCode } from '../../primitives/qr-code.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import { COPIED_TEXT_RESET_MS, useCopied } from '../../primitives/use-copied.js'
import * as access from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'
import { MfaCodeStep } from './mfa-code-step.js'
import { EnrolmentDone, EnrolmentError } from './mfa-enrolment-result.js'

/**
 * Authenticator-app enrolment (wallet spec, "Screens and routes" and "States and transitions": "TOTP enrolment: enroll, verify"): the QR code of the auth URL
 * with the setup key to copy, then the app's first code confirms it. A user with a method enrolled verifies first
 * (the core raises the challenge; the MFA router shows the verify screens over this one).
 */
export function MfaEnrollTotp() {
  const t = useT()
  const { client, navigation } = useModal()
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null)
  const [error, setError] = useState<TesseraError | null>(null)
  const [step, setStep] = useState<'setup' | 'code' | 'done'>('setup')
  const { copied, copy } = useCopied(COPIED_TEXT_RESET_MS)

  useEffect(() => {
    let live = true
    client.mfa.enrollTotp.init().then(
      (started) => live && setEnrollment(started),
      (caught: unknown) => live && setError(asTesseraError(caught)),
    )
    return () => {
      live = false
    }
  }, [client])

  const confirm = useCallback(
    async (code: string) => {
      await client.mfa.enrollTotp.submit(code)
      setStep('done')
    },
    [client],
  )

  if (step === 'done') return <EnrolmentDone title={t('mfa.totp.title')} message={t('mfa.totp.enrolled')} />
  return (
    <>
      <ScreenHeader title={t('mfa.totp.title')} onBack={step === 'code' ? () => setStep('setup') : () => navigation.back()} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        {error ? (
          <EnrolmentError error={error} />
        ) : !enrollment ? (
          <p role="status" part="mfa-status" className={styles.message}>
            {t('mfa.totp.loading')}
          </p>
        ) : step === 'setup' ? (
          <>
            <p className={styles.message}>{t('mfa.totp.scan')}</p>
            <QrCode uri={enrollment.authUrl} label={t('mfa.totp.qrLabel')} part="mfa-totp-qr" size={180} errorCorrectionLevel="M" />
            <p className={styles.label}>{t('mfa.totp.setupKey')}</p>
            <div className={access.address}>
              <code part="mfa-setup-key" aria-label={t('mfa.totp.setupKey')}>
                {enrollment.secret}
              </code>
              <button type="button" part="mfa-copy-key" className={styles.linkButton} onClick={() => void copy(enrollment.secret)}>
                {copied ? t('mfa.totp.copied') : t('mfa.totp.copy')}
              </button>
            </div>
            <button type="button" part="submit-button mfa-continue" className={styles.primaryButton} onClick={() => setStep('code')}>
              {t('mfa.totp.continue')}
            </button>
          </>
        ) : (
          <MfaCodeStep description={t('mfa.totp.enterCode')} onSubmit={confirm} />
        )}
      </div>
    </>
  )
}
