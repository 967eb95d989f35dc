import { useT } from '../../copy/mfa.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'
import { useMfaState } from '../../client-slices/mfa.js'
import { methodLabel } from './mfa-verify.js'
import type { MfaMethodType } from './mfa-state.js'

/** Wallet spec, "Screens and routes": the enrolment chooser offers passkey, authenticator app and SMS, in this order. */
const enrolmentOrder: MfaMethodType[] = ['passkey', 'totp', 'sms']

/**
 * 'Transaction Protection': the methods the app allows (its config's MFA methods), each to set up, or, once
 * enrolled, to manage (passkeys) or remove.
 */
export function MfaEnroll() {
  const t = useT()
  const { client, navigation, close } = useModal()
  const { config } = useConfigState(client)
  const { enrolled } = useMfaState(client)
  const allowed = config.mfaMethods ?? enrolmentOrder
  const offered = enrolmentOrder.filter((method) => allowed.includes(method))

  return (
    <>
      <ScreenHeader title={t('mfa.enroll.title')} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('mfa.enroll.description')}</p>
        {offered.length === 0 ? (
          <p className={styles.message}>{t('mfa.enroll.none')}</p>
        ) : (
          <ul className={landingStyles.methodList} aria-label={t('mfa.enroll.methods')}>
            {offered.map((method) => {
              const isEnrolled = enrolled.includes(method)
              const label = t(methodLabel[method])
              return (
                <li key={method} className={landingStyles.labelRow} data-method={method}>
                  <button
                    type="button"
                    part={`mfa-method mfa-method-${method}`}
                    className={landingStyles.methodButton}
                    // A passkey's screen also manages the enrolled ones; the others are set up once.
                    disabled={isEnrolled && method !== 'passkey'}
                    onClick={() => navigation.navigate(`mfa:enroll-${method}`)}
                  >
                    <span className={landingStyles.methodLabel}>{label}</span>
                    {isEnrolled && (
                      <span part="mfa-enabled" className={landingStyles.recentChip}>
                        {t('mfa.enroll.enabled')}
                      </span>
                    )}
                  </button>
                  {isEnrolled && (
                    <button
                      type="button"
                      part={`mfa-remove mfa-remove-${method}`}
                      className={styles.linkButton}
                      aria-label={t('mfa.enroll.removeLabel', { method: label })}
                      onClick={() => navigation.navigate(`mfa:remove-${method}`)}
                    >
                      {t('mfa.enroll.remove')}
                    </button>
                  )}
                </li>
              )
            })}
          </ul>
        )}
        <button type="button" part="submit-button mfa-done" className={styles.primaryButton} onClick={close}>
          {t('mfa.enroll.done')}
        </button>
      </div>
    </>
  )
}
