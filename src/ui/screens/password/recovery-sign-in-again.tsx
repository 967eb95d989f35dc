import { useState } from 'react'
import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { LockIcon } from './lock-icon.js'

/**
 * 'Sign in again' (docs/security.md #61): the server gives key material only to a sign-in of the last 10 minutes, so a new
 * device's automatic recovery on an older session ends here. The user signs out and in; the core then recovers.
 */
export function RecoverySignInAgain() {
  const t = useT()
  const { client, navigation } = useModal()
  const [busy, setBusy] = useState(false)
  const signInAgain = async () => {
    setBusy(true)
    // Logout ignores server failures (sign-in spec, "States and transitions": "Logout"): the sign-in screens always follow.
    await client.logout().catch(() => {})
    navigation.reset('landing')
  }
  return (
    <>
      <ScreenHeader title={t('recovery.signInAgain.title')} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <LockIcon />
        <p className={styles.message}>{t('recovery.signInAgain.description')}</p>
        <button type="button" part="submit-button" className={styles.primaryButton} disabled={busy} onClick={() => void signInAgain()}>
          {t('recovery.signInAgain.submit')}
        </button>
      </div>
    </>
  )
}
