import { useT } from '../copy/transfer.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import { COPIED_ADDRESS_RESET_MS, useCopied } from '../primitives/use-copied.js'
import * as access from '../styles/access-screens.css.js'
import * as styles from '../styles/modal.css.js'
import { TransferActions } from './transfer-actions.js'

/** 'Check account assets before transferring': the other account's wallet is not moved; its address to check. */
export default function AccountTransferAssetsScreen() {
  const t = useT()
  const { navigation, transfer } = useModal()
  const { copied, copy } = useCopied(COPIED_ADDRESS_RESET_MS)

  const address = transfer?.embeddedWalletAddress
  if (!transfer || !address) return null
  return (
    <>
      <ScreenHeader title={t('transfer.assets.title')} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('transfer.assets.description')}</p>
        <div className={access.address}>
          <span part="transfer-address" aria-label={t('transfer.assets.addressLabel')}>
            {address}
          </span>
          <button type="button" part="transfer-copy" className={styles.linkButton} onClick={() => void copy(address)}>
            {copied ? t('transfer.assets.copied') : t('transfer.assets.copy')}
          </button>
        </div>
        <TransferActions />
      </div>
    </>
  )
}
