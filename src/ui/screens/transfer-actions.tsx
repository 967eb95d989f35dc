import { useEffect, useState } from 'react'
import { oauthProviders } from '../../protocol/index.js'
import { asTesseraError } from '../as-tessera-error.js'
import { useT } from '../copy/transfer.js'
import { useModal, type AccountTransfer } from '../modal-context.js'
import * as access from '../styles/access-screens.css.js'
import * as styles from '../styles/modal.css.js'

/** Wallet spec, "Screens and routes": "Account transfer": the modal closes 1 s after 'Success!'. */
export const TRANSFER_CLOSE_DELAY_MS = 1000

/** 'Email address', 'Phone number' or '{Provider} profile': what the title says is taken. */
export function transferAccountLabel(t: ReturnType<typeof useT>, linkMethod: AccountTransfer['linkMethod']): string {
  if (linkMethod === 'email') return t('transfer.account.email')
  if (linkMethod === 'sms') return t('transfer.account.sms')
  if (linkMethod === 'siwe') return t('transfer.account.wallet')
  if (linkMethod === 'siws') return t('transfer.account.solanaWallet')
  if (linkMethod === 'farcaster' || linkMethod === 'telegram') return t('transfer.account.oauth', { provider: t(`landing.${linkMethod}`) })
  if ((oauthProviders as readonly string[]).includes(linkMethod)) return t('transfer.account.oauth', { provider: t(`provider.${linkMethod}`) })
  return linkMethod
}

/**
 * The buttons both transfer screens end with: 'Transfer and delete account' (then 'Success!' and the close
 * after 1 s) or, when given, Continue in its place; and 'No thanks'.
 */
export function TransferActions({ onContinue }: { onContinue?: (() => void) | undefined }) {
  const t = useT()
  const { transfer, status, confirm, confirmLabel, decline } = useAccountTransfer()
  if (!transfer) return null
  const busy = status !== 'idle'
  return (
    <div className={access.actions}>
      {onContinue ? (
        <button type="button" part="transfer-continue" className={styles.primaryButton} onClick={onContinue}>
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
  )
}

function useAccountTransfer() {
  const t = useT()
  const { client, close, transfer, showError } = useModal()
  const [status, setStatus] = useState<'idle' | 'transferring' | 'done'>('idle')

  useEffect(() => {
    if (status !== 'done') return
    const timer = setTimeout(close, TRANSFER_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [status, close])

  const confirm = async () => {
    if (!transfer) return
    setStatus('transferring')
    try {
      await client.transferAccount(transfer)
      setStatus('done')
    } catch (caught) {
      setStatus('idle')
      showError(asTesseraError(caught))
    }
  }
  const confirmLabel = status === 'done' ? t('transfer.success') : t('transfer.confirm')
  return { transfer, status, confirm, confirmLabel, decline: close }
}
