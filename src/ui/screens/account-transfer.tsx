import { useT } from '../copy/transfer.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { TransferActions, transferAccountLabel } from './transfer-actions.js'

/**
 * '{Account} is associated with another account' (wallet spec, "Screens and routes": "Account transfer"). When the other
 * account discloses a wallet, Continue leads to the assets check before anything is moved.
 */
export default function AccountTransferScreen() {
  const t = useT()
  const { navigation, transfer } = useModal()
  if (!transfer) return null
  return (
    <>
      <ScreenHeader title={t('transfer.title', { account: transferAccountLabel(t, transfer.linkMethod) })} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('transfer.description', { handle: transfer.displayName || transfer.account })}</p>
        <TransferActions onContinue={transfer.embeddedWalletAddress ? () => navigation.navigate('account-transfer-assets') : undefined} />
      </div>
    </>
  )
}
