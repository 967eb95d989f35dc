/**
 * Funding spec, "Screens and routes" and "States and transitions": "External funding" (step 'transfer'), by the transfer's status: preparing, the wallet-details
 * confirmation ('Confirm with {wallet}'), submitting, bridging, 'Success!' (the core finishes it after a delay), or
 * the error screen: a bridging failure's 'Transaction failed' with the 'refund status' link and the refund notice;
 * INSUFFICIENT_BALANCE leads back to 'Transfer from wallet' ("The error catalogue").
 */
import type { FundingTransferState } from '../../../core/index.js'
import { useT } from '../../copy/funding.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from '../transactions/confirmation-header.js'
import { Spinner } from '../transactions/summary-rows.js'
import * as css from './funding.css.js'
import { networkName, symbolOf } from './funding-display.js'
import type { FundingScreenProps } from './screen-props.js'
import { ConfirmWithWallet, TransferRows } from './transfer-rows.js'

type TransferProps = FundingScreenProps & { transfer: FundingTransferState }

/** The message, then 'Check the refund status.' with the bridge's page for the request. */
function FailureMessage({ transfer }: { transfer: FundingTransferState }) {
  const t = useT()
  const { error, refundUrl } = transfer
  const [before, after] = t('funding.error.refund').split('{link}')
  return (
    <p part="funding-error-message" className={styles.message}>
      {error?.shortMessage}
      {refundUrl && (
        <>
          {error && ' '}
          {before}
          <a part="funding-refund-link" className={styles.linkButton} href={refundUrl} target="_blank" rel="noopener noreferrer">
            {t('funding.error.refundLink')}
          </a>
          {after}
        </>
      )}
    </p>
  )
}

function TransferFailed({ session, transfer, onClose }: TransferProps) {
  const t = useT()
  const bridgeFailed = transfer.refundUrl !== null
  const insufficient = transfer.error?.code === 'insufficient_balance'
  return (
    <>
      <ConfirmationHeader title={t(bridgeFailed ? 'funding.error.bridgeTitle' : 'funding.error.title')} onBack={() => session.back()} onClose={onClose} />
      <div part="body funding-transfer-error" className={styles.body}>
        <div role="alert" className={styles.centred}>
          <FailureMessage transfer={transfer} />
          {bridgeFailed && (
            <p part="funding-refund-notice" className={styles.message}>
              {t('funding.error.refunded')}
            </p>
          )}
        </div>
        <button type="button" part="submit-button funding-retry" className={styles.primaryButton} onClick={() => session.retry()}>
          {t(insufficient ? 'funding.error.otherWallet' : 'funding.error.tryAgain')}
        </button>
      </div>
    </>
  )
}

function TransferSuccess({ session, onClose }: FundingScreenProps) {
  const t = useT()
  return (
    <>
      <ConfirmationHeader title={t('funding.success.title')} onClose={onClose} />
      <div part="body funding-transfer-success" className={`${styles.body} ${styles.centred}`}>
        <p role="status" part="funding-success" className={styles.message}>
          {t('funding.success.body', { amount: session.amount, symbol: symbolOf(session), app: session.appName })}
        </p>
        <button type="button" part="submit-button funding-continue" className={styles.primaryButton} onClick={() => session.finish()}>
          {t('funding.continue')}
        </button>
      </div>
    </>
  )
}

/** Preparing, submitting and bridging: a titled wait, left with back only while nothing was sent. */
function TransferProgress({ session, onClose }: FundingScreenProps) {
  const t = useT()
  const status = session.transfer?.status ?? 'preparing'
  const bridging = status === 'bridging'
  const label = bridging
    ? t('funding.transfer.bridging', { network: networkName(t, session) })
    : status === 'submitting'
      ? t('funding.transfer.submitting', { wallet: session.transfer?.from.name ?? t('funding.yourWallet') })
      : t('funding.transfer.preparing')
  return (
    <>
      <ConfirmationHeader
        title={t(bridging ? 'funding.transfer.bridgingTitle' : 'funding.transfer.title')}
        onBack={status === 'preparing' ? () => session.back() : undefined}
        onClose={onClose}
      />
      <div part="body funding-transfer" className={styles.body}>
        <div part="funding-status">
          <Spinner label={label} />
        </div>
      </div>
    </>
  )
}

export function TransferScreen(props: FundingScreenProps) {
  const t = useT()
  const { session, onClose } = props
  const { transfer } = session
  if (transfer?.status === 'error') return <TransferFailed {...props} transfer={transfer} />
  if (transfer?.status === 'success') return <TransferSuccess {...props} />
  if (transfer?.status !== 'confirm') return <TransferProgress {...props} />
  return (
    <>
      <ConfirmationHeader title={t('funding.transfer.confirmTitle')} onBack={() => session.back()} onClose={onClose} />
      <div part="body funding-transfer-confirm" className={styles.body}>
        <TransferRows session={session} transfer={transfer} />
        {transfer.error && (
          <p role="alert" part="funding-error" className={css.errorBanner}>
            {transfer.error.shortMessage}
          </p>
        )}
        <ConfirmWithWallet session={session} />
      </div>
    </>
  )
}
