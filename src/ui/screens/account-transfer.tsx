import { t } from '../copy/transfer.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as access from '../styles/access-screens.css.js'
import * as styles from '../styles/modal.css.js'
import { transferAccountLabel, useAccountTransfer } from './use-account-transfer.js'

/**
 * '{Account} is associated with another account' (document 2 "Account transfer"). When the other
 * account discloses a wallet, Continue leads to the assets check before anything is moved.
 */
export default function AccountTransferScreen() {
  const { navigation } = useModal()
  const { transfer, status, confirm, confirmLabel, decline } = useAccountTransfer()
  if (!transfer) return null
  const busy = status !== 'idle'
  return (
    <>
      <ScreenHeader title={t('transfer.title', { account: transferAccountLabel(transfer.linkMethod) })} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('transfer.description', { handle: transfer.displayName || transfer.account })}</p>
        <div className={access.actions}>
          {transfer.embeddedWalletAddress ? (
            <button type="button" part="transfer-continue" className={styles.primaryButton} onClick={() => navigation.navigate('account-transfer-assets')}>
              {t('transfer.continue')}
            </button>
          ) : (
            <button type="button" part="transfer-confirm" className={styles.primaryButton} onClick={confirm} disabled={busy}>
              {confirmLabel}
            </button>
          )}
          <button type="button" part="transfer-decline" className={access.secondaryButton} onClick={decline} disabled={busy}>
            {t('transfer.decline')}
          </button>
        </div>
      </div>
    </>
  )
}
