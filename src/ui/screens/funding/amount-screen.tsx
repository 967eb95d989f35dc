/** Funding spec, "Screens and routes": "Confirm or edit amount": the amount before a transfer from an external wallet; Continue above 0. */
import { useT } from '../../copy/funding.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from '../transactions/confirmation-header.js'
import { AmountField } from './amount-field.js'
import type { FundingScreenProps } from './screen-props.js'

export function AmountScreen({ session, onClose }: FundingScreenProps) {
  const t = useT()
  return (
    <>
      <ConfirmationHeader title={t('funding.amount.title')} onBack={() => session.back()} onClose={onClose} />
      <form
        part="body funding-amount"
        className={styles.body}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (session.amountValid) session.continueWithAmount()
        }}
      >
        <AmountField session={session} />
        <button type="submit" part="submit-button funding-continue" className={styles.primaryButton} disabled={!session.amountValid}>
          {t('funding.continue')}
        </button>
      </form>
    </>
  )
}
