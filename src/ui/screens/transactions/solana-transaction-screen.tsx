/**
 * Funding spec, "Screens and routes": "Solana transaction confirmation": 'Confirm transaction', '{app} wants your permission to approve the
 * following transaction.', rows Amount, Swap, Network, Estimated fee ('Sponsored by {app}' when the app pays it), the
 * decoded instructions under 'Advanced', the wallet card and 'Approve' or 'Add funds'. The receipt: 'Transaction
 * complete!' ('Transaction signed!' for sign only), "You're all set.", rows Action, Total, Fees, To, and Close; the
 * error view retries with a fresh blockhash.
 */
import type { AssetAmount, SolanaInstructionSummary, SolanaTransactionConfirmation, SolanaTransactionSummary } from '../../../core/index.js'
import { shortenAddress } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
import { useLocale } from '../../copy/translator.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationActions } from './confirmation-actions.js'
import { ConfirmationHeader } from './confirmation-header.js'
import { formatAsset } from './format-amount.js'
import type { ScreenProps } from './screen-props.js'
import { Address, ExplorerLink, Expander, Row, Rows, Spinner } from './summary-rows.js'
import { TransactionError } from './transaction-error.js'
import * as css from './transactions.css.js'

type Props = ScreenProps<SolanaTransactionConfirmation>

/** SOL amounts show 3 decimals; SPL tokens show theirs. */
const amountText = (amount: AssetAmount, summary: SolanaTransactionSummary, locale: string) =>
  formatAsset(amount, { native: amount.symbol === summary.estimatedFee.symbol, locale })

/** One line per decoded instruction. */
function instructionText(t: ReturnType<typeof useT>, instruction: SolanaInstructionSummary, summary: SolanaTransactionSummary, locale: string): string {
  const short = shortenAddress
  switch (instruction.type) {
    case 'sol-transfer':
    case 'spl-transfer':
      return t(`tx.instruction.${instruction.type}`, { amount: amountText(instruction.amount, summary, locale), to: short(instruction.to) })
    case 'ata-creation':
      return t('tx.instruction.ata-creation', { account: short(instruction.account), owner: short(instruction.owner) })
    case 'create-account':
      return t('tx.instruction.create-account', { account: short(instruction.account), amount: amountText(instruction.lamports, summary, locale) })
    case 'spl-init-account':
    case 'spl-close-account':
    case 'spl-sync-native':
      return t(`tx.instruction.${instruction.type}`, { account: short(instruction.account) })
    case 'raydium-swap':
    case 'jupiter-swap':
      return t(`tx.instruction.${instruction.type}`, {
        in: amountText(instruction.amountIn, summary, locale),
        out: amountText(instruction.amountOut, summary, locale),
      })
    case 'unknown':
      return t('tx.instruction.unknown', { program: short(instruction.programId) })
  }
}

/** The fee rows: the estimate, or 'Sponsored by {app}' when the app pays it. */
const feeText = (t: ReturnType<typeof useT>, summary: SolanaTransactionSummary, app: string, locale: string) =>
  summary.sponsored ? t('tx.sponsored', { app }) : amountText(summary.estimatedFee, summary, locale)

/** The receipt's Total: the amount plus the fee when both are SOL and the wallet paid the fee, else the amount (or the fee alone). */
function totalOf(summary: SolanaTransactionSummary, locale: string): string {
  const { amount, estimatedFee } = summary
  if (!amount) return amountText(summary.sponsored ? { ...estimatedFee, value: 0n, usd: estimatedFee.usd === null ? null : 0 } : estimatedFee, summary, locale)
  if (summary.sponsored || amount.symbol !== estimatedFee.symbol) return amountText(amount, summary, locale)
  const usd = amount.usd === null || estimatedFee.usd === null ? null : amount.usd + estimatedFee.usd
  return amountText({ ...amount, value: amount.value + estimatedFee.value, usd }, summary, locale)
}

const actionOf = (t: ReturnType<typeof useT>, { uiOptions, summary }: SolanaTransactionConfirmation) =>
  uiOptions.transactionInfo?.action ??
  (summary?.swap
    ? t('tx.action.swap')
    : summary?.instructions.some((instruction) => instruction.type.endsWith('transfer'))
      ? t('tx.action.transfer')
      : t('tx.action.contract-call'))

function Receipt({ confirmation, app, onClose, dismiss }: Props) {
  const t = useT()
  const locale = useLocale()
  const { uiOptions, summary, signOnly } = confirmation
  return (
    <>
      <ConfirmationHeader title={uiOptions.successHeader ?? t(signOnly ? 'tx.signed' : 'tx.complete')} onClose={onClose} />
      <div part="body receipt" className={styles.body}>
        <p role="status" part="success" className={styles.message}>
          {uiOptions.successDescription ?? t('tx.allSet')}
        </p>
        {summary && (
          <Rows>
            <Row label={t('tx.row.action')} part="receipt-action">
              {actionOf(t, confirmation)}
            </Row>
            <Row label={t('tx.row.total')} part="receipt-total">
              {totalOf(summary, locale)}
            </Row>
            <Row label={t('tx.row.fees')} part="receipt-fees">
              {feeText(t, summary, app, locale)}
            </Row>
            {summary.to && (
              <Row label={t('tx.row.to')} part="receipt-to">
                <Address address={summary.to} />
              </Row>
            )}
          </Rows>
        )}
        <ExplorerLink url={confirmation.receipt?.explorerUrl} />
        <button type="button" part="submit-button done-button" className={styles.primaryButton} onClick={dismiss}>
          {t('tx.close')}
        </button>
      </div>
    </>
  )
}

export function SolanaTransactionScreen(props: Props) {
  const t = useT()
  const locale = useLocale()
  const { confirmation, app, onClose } = props
  const { status, summary, uiOptions } = confirmation
  if (status === 'error') {
    return (
      <TransactionError
        error={confirmation.error}
        reverted={false}
        hash={confirmation.receipt?.signature ?? null}
        hashLabel={t('tx.error.signature')}
        explorerUrl={confirmation.receipt?.explorerUrl ?? null}
        retry={() => confirmation.retry()}
        onClose={onClose}
      />
    )
  }
  if (status === 'complete') return <Receipt {...props} />
  return (
    <>
      <ConfirmationHeader title={uiOptions.title ?? uiOptions.transactionInfo?.title ?? t('tx.title')} onClose={onClose} />
      <div part="body solana-transaction" className={styles.body}>
        <p part="description" className={styles.message}>
          {uiOptions.description ?? t('tx.solana.subtitle', { app })}
        </p>
        {!summary || status === 'preparing' ? (
          <Spinner label={t('tx.preparing')} />
        ) : (
          <>
            <Rows>
              {summary.amount && (
                <Row label={t('tx.row.amount')} part="row-amount">
                  {amountText(summary.amount, summary, locale)}
                </Row>
              )}
              {summary.swap && (
                <Row label={t('tx.row.swap')} part="row-swap">
                  {t('tx.swap', { in: amountText(summary.swap.in, summary, locale), out: amountText(summary.swap.out, summary, locale) })}
                </Row>
              )}
              <Row label={t('tx.row.network')} part="row-network">
                {summary.network}
              </Row>
              <Row label={t('tx.row.estimatedFee')} part="row-estimated-fee">
                {feeText(t, summary, app, locale)}
              </Row>
            </Rows>
            <Expander summary={t('tx.advanced')} part="advanced">
              <ul part="instructions" className={css.list}>
                {summary.instructions.map((instruction, index) => (
                  <li key={index} part="instruction">
                    {instructionText(t, instruction, summary, locale)}
                  </li>
                ))}
              </ul>
            </Expander>
            <div part="wallet-card" className={css.card}>
              <span className={styles.label}>{t('tx.wallet')}</span>
              <Address address={confirmation.address} />
              <span part="balance">{amountText(summary.balance, summary, locale)}</span>
            </div>
          </>
        )}
        {status === 'submitting' && <Spinner label={t('tx.submitting')} />}
        <ConfirmationActions
          confirmation={confirmation}
          insufficientFunds={Boolean(summary?.insufficientFunds)}
          canApprove={status === 'ready' && Boolean(summary)}
          approveText={uiOptions.buttonText ?? t('tx.approve')}
        />
      </div>
    </>
  )
}
