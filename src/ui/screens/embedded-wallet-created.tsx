import { useEffect } from 'react'
import { SUCCESS_SCREEN_DELAY_MS } from '../auth-modal-view.js'
import { t } from '../copy/embedded-wallets.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../use-client-state.js'

/**
 * The wallet-created screen (document 2 §2): 'Welcome to {app}' and "You've successfully created an account."
 * for a new user, else 'All set!' and 'Your account is secured.'; it closes itself after the success delay.
 */
export default function EmbeddedWalletCreated() {
  const { client, heldLogin, finishLogin } = useModal()
  const { appName } = useConfigState(client).config

  // After the success delay: reports the held login and closes (a modal closed earlier reported it itself).
  useEffect(() => {
    if (!heldLogin) return
    const timer = setTimeout(() => finishLogin(heldLogin), SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [heldLogin, finishLogin])

  if (!heldLogin) return null
  const { isNewUser } = heldLogin
  const title = isNewUser ? t('embeddedWallets.created.welcome') + (appName ? t('embeddedWallets.created.welcomeTo', { app: appName }) : '') : t('embeddedWallets.created.allSet')
  return (
    <>
      <ScreenHeader title={title} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <p role="status" part="embedded-wallet-created" className={styles.message}>
          {isNewUser ? t('embeddedWallets.created.newUser') : t('embeddedWallets.created.returning')}
        </p>
      </div>
    </>
  )
}
