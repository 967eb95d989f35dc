import { createContext, useContext } from 'react'
import type { EthereumTransactionConfirmation, SolanaTransactionConfirmation } from '../../../core/index.js'
import { t } from '../../copy/transactions.js'
import * as access from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'

const addFundsHintId = 'tessera-add-funds-hint'

/** Whether the app offers funding (its `funding_config` has options): 'Add funds' opens it, else stays disabled. */
export const FundingAvailable = createContext(false)

/**
 * The transaction's buttons: the approve button (its text decided by the screen), or 'Add funds' when the balance
 * cannot cover it, and 'Not now' when `uiOptions.isCancellable`. 'Add funds' opens a funding session for the
 * confirmation's wallet, shown over the confirmation until it ends; without funding in the app it stays disabled.
 */
export function ConfirmationActions({ confirmation, insufficientFunds, canApprove, approveText }: {
  confirmation: EthereumTransactionConfirmation | SolanaTransactionConfirmation
  insufficientFunds: boolean
  canApprove: boolean
  approveText: string
}) {
  const fundingAvailable = useContext(FundingAvailable)
  const submitting = confirmation.status === 'submitting'
  return (
    <div className={access.actions}>
      {insufficientFunds ? (
        <>
          <button
            type="button"
            part="submit-button add-funds-button"
            className={styles.primaryButton}
            disabled={!fundingAvailable || submitting}
            aria-describedby={addFundsHintId}
            onClick={() => confirmation.addFunds()}
          >
            {t('tx.addFunds')}
          </button>
          <p id={addFundsHintId} part="add-funds-hint" className={styles.message}>{t('tx.addFunds.hint')}</p>
        </>
      ) : (
        <button type="button" part="submit-button approve-button" className={styles.primaryButton} disabled={!canApprove} aria-busy={submitting} onClick={() => confirmation.approve()}>
          {approveText}
        </button>
      )}
      {confirmation.uiOptions.isCancellable && (
        <button type="button" part="reject-button" className={access.secondaryButton} disabled={submitting} onClick={() => confirmation.reject()}>
          {t('tx.notNow')}
        </button>
      )}
    </div>
  )
}
