import type { FundingSession, FundingTransferState } from '../../../core/index.js'
import { useT } from '../../copy/funding.js'
import { useLocale } from '../../copy/translator.js'
import * as styles from '../../styles/modal.css.js'
import { formatAsset } from '../transactions/format-amount.js'
import { Address, Row, Rows } from '../transactions/summary-rows.js'
import { formatFunded, networkName, symbolOf } from './funding-display.js'

/**
 * The transfer's details: the paying wallet, then the bridging summary of the funding spec, "Screens and routes" (Total, To, Network,
 * Estimated fee) once the quote is in; a same-chain transfer without one shows where the funds go.
 */
export function TransferRows({ session, transfer }: { session: FundingSession; transfer: FundingTransferState }) {
  const t = useT()
  const locale = useLocale()
  const { summary, from } = transfer
  return (
    <Rows>
      <Row label={t('funding.row.from')} part="funding-from">
        {from.name} <Address address={from.address} />
      </Row>
      <Row label={t('funding.row.total')} part="funding-total">
        {summary ? formatFunded(summary.total, session, locale) : `${session.amount} ${symbolOf(session)}`}
      </Row>
      <Row label={t('funding.row.to')} part="funding-to">
        <Address address={summary?.to ?? session.address} />
      </Row>
      <Row label={t('funding.row.network')} part="funding-network">
        {summary?.network ?? networkName(t, session)}
      </Row>
      {summary?.estimatedFee && (
        <Row label={t('funding.row.estimatedFee')} part="funding-estimated-fee">
          {formatAsset(summary.estimatedFee, { native: true, locale })}
        </Row>
      )}
    </Rows>
  )
}

/** 'Confirm with {wallet}': the external wallet signs and sends; enabled once the transfer is ready to confirm. */
export function ConfirmWithWallet({ session }: { session: FundingSession }) {
  const t = useT()
  const { transfer } = session
  return (
    <button
      type="button"
      part="submit-button funding-confirm"
      className={styles.primaryButton}
      disabled={transfer?.status !== 'confirm'}
      onClick={() => session.confirmTransfer()}
    >
      {t('funding.confirmWith', { wallet: transfer?.from.name ?? t('funding.yourWallet') })}
    </button>
  )
}
