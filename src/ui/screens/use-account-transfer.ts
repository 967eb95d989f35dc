import { useEffect, useState } from 'react'
import { oauthProviders } from '../../protocol/index.js'
import { asTesseraError } from '../as-tessera-error.js'
import { t } from '../copy/transfer.js'
import { useModal, type AccountTransfer } from '../modal-context.js'

/** Document 2 "Account transfer": the modal closes 1 s after 'Success!'. */
export const TRANSFER_CLOSE_DELAY_MS = 1000

/** 'Email address', 'Phone number' or '{Provider} profile': what the title says is taken. */
export function transferAccountLabel(linkMethod: AccountTransfer['linkMethod']): string {
  if (linkMethod === 'email') return t('transfer.account.email')
  if (linkMethod === 'sms') return t('transfer.account.sms')
  if ((oauthProviders as readonly string[]).includes(linkMethod)) return t('transfer.account.oauth', { provider: t(`provider.${linkMethod}`) })
  return linkMethod
}

/** The state both transfer screens share: the confirm action, its 'Success!' and the delayed close. */
export function useAccountTransfer() {
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
