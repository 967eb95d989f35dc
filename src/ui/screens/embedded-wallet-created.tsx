import { useEffect, useRef } from 'react'
import { t } from '../copy/embedded-wallets.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../use-client-state.js'

export interface EmbeddedWalletCreatedProps {
  isNewUser: boolean
  /** How long the screen shows before `onDone` (the modal's shared success delay). */
  delayMs: number
  /** Reports the login and closes (a modal closed earlier reports the login itself). */
  onDone(): void
}

/**
 * The wallet-created screen (document 2 §2): 'Welcome to {app}' and "You've successfully created an account."
 * for a new user, else 'All set!' and 'Your account is secured.'; it closes itself after the success delay.
 */
export default function EmbeddedWalletCreated({ isNewUser, delayMs, onDone }: EmbeddedWalletCreatedProps) {
  const { client } = useModal()
  const { appName } = useConfigState(client).config

  const latestOnDone = useRef(onDone)
  latestOnDone.current = onDone
  useEffect(() => {
    const timer = setTimeout(() => latestOnDone.current(), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])

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
