import { useT } from '../../copy/passkey.js'
import { PasskeyIcon } from '../../icons/method-icons.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { useStartPasskey } from './passkey-start.js'

/** Sign-in spec, "Screens and routes": when passkeys may sign up, the passkey row first asks whether this is a new account. */
export default function PasskeyChoice() {
  const t = useT()
  const { navigation } = useModal()
  const start = useStartPasskey()
  return (
    <>
      <ScreenHeader title={t('passkey.choice.title')} onBack={() => navigation.back()} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <span className={landingStyles.statusIcon}>
          <PasskeyIcon />
        </span>
        <button type="button" part="submit-button passkey-signup-button" className={styles.primaryButton} onClick={() => start('signup')}>
          {t('passkey.choice.signup')}
        </button>
        <button type="button" part="passkey-login-button" className={styles.linkButton} onClick={() => start('login')}>
          {t('passkey.choice.login')}
        </button>
      </div>
    </>
  )
}
