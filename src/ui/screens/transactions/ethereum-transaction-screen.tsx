/**
 * Funding spec, "Screens and routes": "Ethereum transaction confirmation": the rows the core summarised (Send, Receive, Approval amount or
 * Amount, Spender, To, Token address, Network, Estimated fee or 'Sponsored by {app}'), the raw request under Details,
 * the pending summary (open by default standalone), the balance card, the scan banners and sub-view, and
 * 'Approve' / 'Continue' / 'Add funds' with optional 'Not now'. Batched: ' (i / n)' and back/next. Then the receipt
 * ('Transaction complete!' / 'All Done') or the error view.
 */
import { useState } from 'react'
import type { AssetAmount, EthereumTransactionConfirmation, EthereumTransactionSummary } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
import { useLocale } from '../../copy/translator.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationActions } from './confirmation-actions.js'
import { ConfirmationHeader } from './confirmation-header.js'
import { formatAsset } from './format-amount.js'
import { ScanBanner } from './scan-banner.js'
import { ScanDetails } from './scan-details.js'
import type { ScreenProps } from './screen-props.js'
import { Address, ExplorerLink, Expander, Row, Rows, Spinner } from './summary-rows.js'
import { TransactionError } from './transaction-error.js'
import * as css from './transactions.css.js'
import { useSuccessDismiss } from './use-success-dismiss.js'

type Props = ScreenProps<EthereumTransactionConfirmation>

/** The native currency shows 3 decimals; tokens show theirs. */
const amountText = (amount: AssetAmount, summary: EthereumTransactionSummary, locale: string) =>
  formatAsset(amount, { native: amount.symbol === summary.balance.symbol && amount.decimals === summary.balance.decimals, locale })

/** Value plus the fee, in the native currency; USD only when both are priced. */
function totalWithFees(summary: EthereumTransactionSummary): AssetAmount {
  const { request, estimatedFee, balance, send } = summary
  const valueUsd = request.value === 0n ? 0 : send && send.symbol === balance.symbol ? send.usd : null
  const feeUsd = estimatedFee ? estimatedFee.usd : 0
  return { ...balance, value: request.value + (estimatedFee?.value ?? 0n), usd: valueUsd === null || feeUsd === null ? null : valueUsd + feeUsd }
}

function titleOf(t: ReturnType<typeof useT>, { uiOptions, position }: EthereumTransactionConfirmation) {
  const title = uiOptions.title ?? uiOptions.transactionInfo?.title ?? t('tx.title')
  return position.total > 1 ? t('tx.position', { title, index: position.index, total: position.total }) : title
}

function SummaryRows({ summary, app }: { summary: EthereumTransactionSummary; app: string }) {
  const t = useT()
  const locale = useLocale()
  const { approvalAmount } = summary
  return (
    <Rows>
      {summary.send && (
        <Row label={t('tx.row.send')} part="row-send">
          {amountText(summary.send, summary, locale)}
        </Row>
      )}
      {summary.receive && (
        <Row label={t('tx.row.receive')} part="row-receive">
          {amountText(summary.receive, summary, locale)}
        </Row>
      )}
      {approvalAmount && (
        <Row label={t('tx.row.approvalAmount')} part="row-approval-amount">
          {approvalAmount === 'unlimited' ? t('tx.unlimited') : amountText(approvalAmount, summary, locale)}
        </Row>
      )}
      {!approvalAmount && summary.amount && (
        <Row label={t('tx.row.amount')} part="row-amount">
          {amountText(summary.amount, summary, locale)}
        </Row>
      )}
      {summary.spender && (
        <Row label={t('tx.row.spender')} part="row-spender">
          <Address address={summary.spender} />
        </Row>
      )}
      {summary.to && (
        <Row label={t('tx.row.to')} part="row-to">
          <Address address={summary.to} />
        </Row>
      )}
      {summary.tokenAddress && (
        <Row label={t('tx.row.tokenAddress')} part="row-token-address">
          <Address address={summary.tokenAddress} />
        </Row>
      )}
      <Row label={t('tx.row.network')} part="row-network">
        {summary.network}
      </Row>
      <Row label={t('tx.row.estimatedFee')} part="row-estimated-fee">
        {summary.sponsored || !summary.estimatedFee ? t('tx.sponsored', { app }) : formatAsset(summary.estimatedFee, { native: true, locale })}
      </Row>
    </Rows>
  )
}

function RequestDetails({ request }: { request: EthereumTransactionSummary['request'] }) {
  const t = useT()
  return (
    <Expander summary={t('tx.details')} part="details">
      <Rows>
        <Row label={t('tx.row.from')} part="detail-from">
          <span className={css.monospaceText}>{request.from}</span>
        </Row>
        <Row label={t('tx.row.to')} part="detail-to">
          <span className={css.monospaceText}>{request.to ?? ''}</span>
        </Row>
        <Row label={t('tx.details.value')} part="detail-value">
          {request.value.toString()}
        </Row>
        <Row label={t('tx.details.nonce')} part="detail-nonce">
          {request.nonce}
        </Row>
        <Row label={t('tx.details.gas')} part="detail-gas">
          {request.gas.toString()}
        </Row>
        <Row label={t('tx.details.chainId')} part="detail-chain-id">
          {request.chainId}
        </Row>
        <Row label={t('tx.details.type')} part="detail-type">
          {request.type}
        </Row>
      </Rows>
      {request.data && (
        <pre part="detail-data" className={css.scrollBox} tabIndex={0} aria-label={t('tx.details.data')}>
          {request.data}
        </pre>
      )}
    </Expander>
  )
}

function PendingSummary({
  confirmation,
  summary,
  app,
  open,
}: {
  confirmation: EthereumTransactionConfirmation
  summary: EthereumTransactionSummary
  app: string
  open: boolean
}) {
  const t = useT()
  const locale = useLocale()
  const action = confirmation.uiOptions.transactionInfo?.action ?? t(`tx.action.${summary.action.type}`)
  return (
    <Expander summary={t('tx.summary')} part="pending-summary" open={open}>
      <Rows>
        <Row label={t('tx.row.from')} part="summary-from">
          <Address address={summary.request.from} />
        </Row>
        {summary.to && (
          <Row label={t('tx.row.to')} part="summary-to">
            <Address address={summary.to} />
          </Row>
        )}
        <Row label={t('tx.row.action')} part="summary-action">
          {action}
        </Row>
        <Row label={t('tx.row.estimatedFee')} part="summary-fee">
          {summary.sponsored || !summary.estimatedFee ? t('tx.sponsored', { app }) : formatAsset(summary.estimatedFee, { native: true, locale })}
        </Row>
        <Row label={t('tx.row.totalWithFees')} part="summary-total">
          {formatAsset(totalWithFees(summary), { native: true, locale })}
        </Row>
      </Rows>
    </Expander>
  )
}

function Receipt({ confirmation, onClose, dismiss }: Props) {
  const t = useT()
  const { uiOptions, signOnly } = confirmation
  useSuccessDismiss(signOnly, dismiss)
  return (
    <>
      <ConfirmationHeader title={uiOptions.successHeader ?? t(signOnly ? 'tx.signed' : 'tx.complete')} onClose={onClose} />
      <div part="body receipt" className={`${styles.body} ${styles.centred}`}>
        <p role="status" part="success" className={styles.message}>
          {uiOptions.successDescription ?? t('tx.allSet')}
        </p>
        {confirmation.receipt && (
          <Rows>
            <Row label={t('tx.error.hash')} part="receipt-hash">
              <Address address={confirmation.receipt.hash} />
            </Row>
          </Rows>
        )}
        <ExplorerLink url={confirmation.receipt?.explorerUrl} />
        <button type="button" part="submit-button done-button" className={styles.primaryButton} onClick={dismiss}>
          {t('tx.allDone')}
        </button>
      </div>
    </>
  )
}

/** A hash on the chain's explorer: the receipt's link, or built from the chain's explorer for a hash without one. */
function explorerLink({ receipt, hash, chain }: EthereumTransactionConfirmation) {
  if (receipt?.explorerUrl) return receipt.explorerUrl
  return hash && chain.blockExplorerUrl ? `${chain.blockExplorerUrl.replace(/\/$/, '')}/tx/${hash}` : null
}

function BalanceCard({ address, balance }: { address: string; balance: AssetAmount }) {
  const t = useT()
  const locale = useLocale()
  return (
    <div part="balance-card" className={css.card}>
      <span className={styles.label}>{t('tx.balance')}</span>
      <Address address={address} />
      <span part="balance">{formatAsset(balance, { native: true, locale })}</span>
    </div>
  )
}

/** Moves between the queued transactions of one request. */
function QueueSteps({ previous, next }: Pick<Props, 'previous' | 'next'>) {
  const t = useT()
  return (
    <nav part="queue-steps" className={css.stepper} aria-label={t('tx.title')}>
      <button type="button" part="previous-transaction" className={styles.linkButton} disabled={!previous} onClick={previous}>
        {t('tx.previous')}
      </button>
      <button type="button" part="next-transaction" className={styles.linkButton} disabled={!next} onClick={next}>
        {t('tx.next')}
      </button>
    </nav>
  )
}

/** A failed send, or one whose transaction reverted on chain. */
function FailedTransaction({ confirmation, onClose }: Pick<Props, 'confirmation' | 'onClose'>) {
  const t = useT()
  return (
    <TransactionError
      error={confirmation.error}
      reverted={confirmation.receipt?.status === 'reverted'}
      hash={confirmation.hash ?? confirmation.receipt?.hash ?? null}
      hashLabel={t('tx.error.hash')}
      explorerUrl={explorerLink(confirmation)}
      retry={() => confirmation.retry()}
      onClose={onClose}
    />
  )
}

export function EthereumTransactionScreen(props: Props) {
  const t = useT()
  const { confirmation, app, standalone, onClose, previous, next } = props
  const [view, setView] = useState<'main' | 'scan'>('main')
  const { status, summary, scan, uiOptions, position } = confirmation

  if (status === 'error' || (status === 'complete' && confirmation.receipt?.status === 'reverted'))
    return <FailedTransaction confirmation={confirmation} onClose={onClose} />
  if (status === 'complete') return <Receipt {...props} />
  if (view === 'scan') {
    return (
      <>
        <ConfirmationHeader title={t('tx.scan.title')} onBack={() => setView('main')} onClose={onClose} />
        <div part="body scan-view" className={styles.body}>
          <ScanDetails scan={scan} />
        </div>
      </>
    )
  }

  const malicious = scan.status === 'completed' && scan.verdict === 'Malicious'
  const moreFollow = position.index < position.total
  const canApprove = status === 'ready' && Boolean(summary) && !summary?.insufficientFunds && (!malicious || confirmation.acknowledgedRisk)
  return (
    <>
      <ConfirmationHeader title={titleOf(t, confirmation)} onClose={onClose} />
      <div part="body ethereum-transaction" className={styles.body}>
        {uiOptions.transactionInfo?.contractInfo?.imgUrl && (
          <img
            part="icon"
            className={css.icon}
            src={uiOptions.transactionInfo.contractInfo.imgUrl}
            alt={uiOptions.transactionInfo.contractInfo.imgAltText ?? ''}
          />
        )}
        {uiOptions.description && (
          <p part="description" className={styles.message}>
            {uiOptions.description}
          </p>
        )}
        {(previous || next) && <QueueSteps previous={previous} next={next} />}
        {!summary || status === 'preparing' ? (
          <Spinner label={t('tx.preparing')} />
        ) : (
          <>
            <ScanBanner confirmation={confirmation} />
            <SummaryRows summary={summary} app={app} />
            {(scan.status === 'completed' || scan.status === 'failed') && (
              <button type="button" part="scan-details-button" className={styles.linkButton} onClick={() => setView('scan')}>
                {t('tx.scan.viewDetails')}
              </button>
            )}
            <RequestDetails request={summary.request} />
            <PendingSummary confirmation={confirmation} summary={summary} app={app} open={standalone} />
            <BalanceCard address={confirmation.address} balance={summary.balance} />
          </>
        )}
        {status === 'submitting' && <Spinner label={t('tx.submitting')} />}
        <ConfirmationActions
          confirmation={confirmation}
          insufficientFunds={Boolean(summary?.insufficientFunds)}
          canApprove={canApprove}
          approveText={uiOptions.buttonText ?? t(moreFollow ? 'tx.continue' : 'tx.approve')}
        />
      </div>
    </>
  )
}
