/**
 * Funding spec, "Screens and routes": "Transaction error screen": the error code, 'Please try again.', the error message box, the copyable
 * transaction hash with its block explorer link, and 'Retry transaction'. A reverted receipt is 'Transaction failed'.
 */
import type { TesseraError } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
import { COPIED_ADDRESS_RESET_MS, useCopied } from '../../primitives/use-copied.js'
import * as access from '../../styles/access-screens.css.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from './confirmation-header.js'
import { Address, ExplorerLink } from './summary-rows.js'
import * as css from './transactions.css.js'

export interface TransactionErrorProps {
  error: TesseraError | null
  reverted: boolean
  /** The sent transaction's hash (Ethereum) or signature (Solana), when it got that far. */
  hash: string | null
  hashLabel: string
  explorerUrl: string | null
  retry(): void
  onClose?: (() => void) | undefined
}

export function TransactionError({ error, reverted, hash, hashLabel, explorerUrl, retry, onClose }: TransactionErrorProps) {
  const t = useT()
  const { copied, copy } = useCopied(COPIED_ADDRESS_RESET_MS)
  return (
    <>
      <ConfirmationHeader title={reverted ? t('tx.failed') : t('tx.error.title')} onClose={onClose} />
      <div part="body transaction-error" className={styles.body}>
        <div role="alert" className={styles.centred}>
          {error && (
            <p part="error-code" className={css.monospaceText}>
              {error.code.toUpperCase()}
            </p>
          )}
          <p className={styles.message}>{t('tx.error.retryPrompt')}</p>
        </div>
        {error && (
          <section aria-label={t('tx.error.message')}>
            <p className={styles.label}>{t('tx.error.message')}</p>
            <pre part="error-message" className={css.scrollBox} tabIndex={0}>
              {error.shortMessage}
            </pre>
          </section>
        )}
        {hash && (
          <div part="transaction-hash" className={css.card}>
            <span className={styles.label}>{hashLabel}</span>
            <Address address={hash} />
            <button type="button" part="copy-hash" className={styles.linkButton} onClick={() => void copy(hash)}>
              {copied ? t('tx.error.copied') : t('tx.error.copy')}
            </button>
          </div>
        )}
        <ExplorerLink url={explorerUrl} />
        <div className={access.actions}>
          <button type="button" part="submit-button retry-button" className={styles.primaryButton} onClick={retry}>
            {t('tx.retry')}
          </button>
        </div>
      </div>
    </>
  )
}
