import { useEffect } from 'react'
import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../../modal-timing.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as accessStyles from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'
import { startedAutomatically } from './flow.js'
import * as passwordStyles from './password.css.js'

export type SetPasswordOutcome = { ok: true } | { ok: false; error: unknown }

const messageOf = (error: unknown) => (typeof error === 'object' && error !== null && 'shortMessage' in error ? String(error.shortMessage) : null)

/** Step 5: 'Success' or 'Something went wrong' (with 'Try again'), and Close; an automatic flow closes itself on success. */
export function PasswordDone({ outcome }: { outcome: SetPasswordOutcome | null }) {
  const t = useT()
  const { request, navigation, close } = useModal()
  const succeeded = outcome?.ok === true
  const closesItself = succeeded && startedAutomatically(request)
  useEffect(() => {
    if (!closesItself) return
    const timer = setTimeout(close, SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [closesItself, close])

  const detail = outcome && !outcome.ok ? messageOf(outcome.error) : null
  return (
    <>
      <ScreenHeader title={succeeded ? t('password.done.success') : t('password.done.failure')} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <p role="status" part={succeeded ? 'password-set' : 'error password-not-set'} className={styles.message}>
          {succeeded ? t('password.done.successDescription') : t('password.done.failureDescription')}
        </p>
        {detail && <p className={styles.errorText}>{detail}</p>}
        <div className={passwordStyles.stretchedActions}>
          {!succeeded && (
            <button type="button" part="retry-button" className={styles.primaryButton} onClick={navigation.back}>
              {t('password.done.retry')}
            </button>
          )}
          <button type="button" part="close-action" className={succeeded ? styles.primaryButton : accessStyles.secondaryButton} onClick={close}>
            {t('password.done.close')}
          </button>
        </div>
      </div>
    </>
  )
}
