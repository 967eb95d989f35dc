import { useEffect, useRef } from 'react'
import { recoveryPromptToCreate } from '../../core/index.js'
import { useT } from '../copy/embedded-wallets.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useEmbeddedWalletsState } from '../client-slices/embedded-wallets.js'
import { awaitsRecoveryToCreate } from './password/flow.js'

/**
 * 'Creating your wallet' (wallet spec, "Screens and routes"): shown after a login while the core creates the user's wallets
 * (Ethereum, then Solana); moves on to the wallet-created screen once they are ready, or shows 'Something went wrong'.
 */
export default function EmbeddedWalletCreating() {
  const t = useT()
  const { client, navigation, close, walletCreationFailed } = useModal()
  const state = useEmbeddedWalletsState(client)
  const failed = state.status === 'error'
  const reported = useRef(false)

  useEffect(() => {
    if (failed && !reported.current) {
      reported.current = true
      // The core has logged the user out (wallet spec, "States and transitions"): reported once.
      walletCreationFailed(state.error)
    }
    // Reached with a creation still waiting for its recovery (e.g. after the terms): the password form, or the recovery selection first, takes it.
    if (awaitsRecoveryToCreate(state)) return navigation.navigate(recoveryPromptToCreate(client.getConfig().config) ?? 'password:create')
    if (state.status !== 'ready') return
    // The core is 'ready' for a moment between the Ethereum and the Solana wallet: move on only if it stays so.
    const timer = setTimeout(() => navigation.navigate('wallet:created'))
    return () => clearTimeout(timer)
  }, [client, state, failed, navigation, walletCreationFailed])

  return (
    <>
      <ScreenHeader title={failed ? t('embeddedWallets.creating.error') : t('embeddedWallets.creating')} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <div role="status" aria-live="polite" aria-busy={!failed} className={styles.centred}>
          {failed ? (
            state.error && (
              <p part="error embedded-wallet-error" className={styles.message}>
                {state.error.shortMessage}
              </p>
            )
          ) : (
            <p part="embedded-wallet-status" className={styles.message}>
              {t('embeddedWallets.creating.description')}
            </p>
          )}
        </div>
        {failed && (
          <button type="button" part="submit-button close-action" className={styles.primaryButton} onClick={close}>
            {t('embeddedWallets.creating.close')}
          </button>
        )}
      </div>
    </>
  )
}
