import type { EthereumTransactionConfirmation, SolanaTransactionConfirmation } from '../../../core/index.js'
import { t } from '../../copy/transactions.js'
import * as access from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'

const addFundsHintId = 'tessera-add-funds-hint'

/**
 * The transaction's buttons: the approve button (its text decided by the screen), or 'Add funds' when the balance
 * cannot cover it, and 'Not now' when `uiOptions.isCancellable`. Funding is a later flow: until it exists 'Add funds'
 * stays disabled and says what is missing.
 */
export function ConfirmationActions({ confirmation, insufficientFunds, canApprove, approveText }: {
  confirmation: EthereumTransactionConfirmation | SolanaTransactionConfirmation
  insufficientFunds: boolean
  canApprove: boolean
  approveText: string
}) {
  const submitting = confirmation.status === 'submitting'
  return (
    <div className={access.actions}>
      {insufficientFunds ? (
        <>
          <button type="button" part="submit-button add-funds-button" className={styles.primaryButton} disabled aria-describedby={addFundsHintId}>
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
