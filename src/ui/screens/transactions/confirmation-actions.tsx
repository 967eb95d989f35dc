import { createContext, useContext } from 'react'
import type { EthereumTransactionConfirmation, SolanaTransactionConfirmation } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
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
export function ConfirmationActions({
  confirmation,
  insufficientFunds,
  canApprove,
  approveText,
}: {
  confirmation: EthereumTransactionConfirmation | SolanaTransactionConfirmation
  insufficientFunds: boolean
  canApprove: boolean
  approveText: string
}) {
  const t = useT()
  const fundingAvailable = useContext(FundingAvailable)
  const submitting = confirmation.status === 'submitting'
  // One button that changes its role, so the focus stays on it when funds arrive and 'Add funds' becomes 'Approve'.
  return (
    <div className={access.actions}>
      <button
        type="button"
        part={insufficientFunds ? 'submit-button add-funds-button' : 'submit-button approve-button'}
        className={styles.primaryButton}
        disabled={insufficientFunds ? !fundingAvailable || submitting : !canApprove}
        aria-busy={submitting}
        aria-describedby={insufficientFunds ? addFundsHintId : undefined}
        onClick={() => (insufficientFunds ? confirmation.addFunds() : confirmation.approve())}
      >
        {insufficientFunds ? t('tx.addFunds') : approveText}
      </button>
      {insufficientFunds && (
        <p id={addFundsHintId} part="add-funds-hint" className={styles.message}>
          {t('tx.addFunds.hint')}
        </p>
      )}
      {confirmation.uiOptions.isCancellable && (
        <button type="button" part="reject-button" className={access.secondaryButton} disabled={submitting} onClick={() => confirmation.reject()}>
          {t('tx.notNow')}
        </button>
      )}
    </div>
  )
}
