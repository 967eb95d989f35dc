import { useT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { LockIcon } from './lock-icon.js'

/** 'Secure Your Account' with 'Add password' (wallet spec, "Screens and routes"): before a first password, never before a reset. */
export function RecoverySplash() {
  const t = useT()
  const { navigation } = useModal()
  const canGoBack = navigation.getState().history.length > 0
  return (
    <>
      <ScreenHeader title={t('recovery.splash.title')} onBack={canGoBack ? navigation.back : undefined} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <LockIcon />
        <p className={styles.message}>{t('recovery.splash.description')}</p>
        <button type="button" part="submit-button" className={styles.primaryButton} onClick={() => navigation.navigate('password:create')}>
          {t('recovery.splash.submit')}
        </button>
      </div>
    </>
  )
}
