import { useEffect, useState } from 'react'
import { t } from '../copy/transfer.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as access from '../styles/access-screens.css.js'
import * as styles from '../styles/modal.css.js'
import { TransferActions } from './transfer-actions.js'

/** Document 1 §9: a copy confirmation shows for 3 s. */
export const COPY_CONFIRMATION_MS = 3000

/** 'Check account assets before transferring': the other account's wallet is not moved; its address to check. */
export default function AccountTransferAssetsScreen() {
  const { navigation, transfer } = useModal()
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const address = transfer?.embeddedWalletAddress
  if (!transfer || !address) return null
  const copy = async () => {
    await navigator.clipboard.writeText(address)
    setCopied(true)
  }
  return (
    <>
      <ScreenHeader title={t('transfer.assets.title')} onBack={() => navigation.back()} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('transfer.assets.description')}</p>
        <div className={access.address}>
          <span part="transfer-address" aria-label={t('transfer.assets.addressLabel')}>
            {address}
          </span>
          <button type="button" part="transfer-copy" className={styles.linkButton} onClick={copy}>
            {copied ? t('transfer.assets.copied') : t('transfer.assets.copy')}
          </button>
        </div>
        <TransferActions />
      </div>
    </>
  )
}
