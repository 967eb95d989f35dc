/**
 * Funding spec, "Screens and routes": "Receive funds": the QR code (chain type, address, Solana USDC's mint), 'Receive {amount} {symbol}'
 * and the subtitle (each overridden by `uiConfig`, hidden by an empty string), the network warning, the wallet card
 * with the address, its copy button and the live balance (the core polls it), and 'Continue' once the balance rose.
 */
import { useT } from '../../copy/funding.js'
import { useLocale } from '../../copy/translator.js'
import { QrCode } from '../../primitives/qr-code.js'
import { COPIED_ADDRESS_RESET_MS, useCopied } from '../../primitives/use-copied.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from '../transactions/confirmation-header.js'
import { localDecimal } from '../transactions/format-amount.js'
import * as css from './funding.css.js'
import { formatFunded, networkName, receiveUri, symbolOf } from './funding-display.js'
import type { FundingScreenProps } from './screen-props.js'

const QR_SIZE = 180

export function ReceiveFunds({ session, onClose }: FundingScreenProps) {
  const t = useT()
  const locale = useLocale()
  const { copied, copy } = useCopied(COPIED_ADDRESS_RESET_MS)
  const { uiConfig, balance } = session
  const network = networkName(t, session)
  // A decimal amount in the locale's digits and separator; anything else (none yet) as the core holds it.
  const amount = /^\d+(\.\d+)?$/.test(session.amount) ? localDecimal(session.amount, locale) : session.amount
  const title = uiConfig.receiveFundsTitle ?? t('funding.receive.title', { amount, symbol: symbolOf(session) })
  const subtitle = uiConfig.receiveFundsSubtitle ?? t('funding.receive.subtitle', { network })
  return (
    <>
      <ConfirmationHeader title={t('funding.receive')} onBack={() => session.back()} onClose={onClose} />
      <div part="body funding-receive" className={styles.body}>
        {title && (
          <h3 part="funding-receive-title" className={css.heading}>
            {title}
          </h3>
        )}
        {subtitle && (
          <p part="funding-receive-subtitle" className={styles.message}>
            {subtitle}
          </p>
        )}
        <div className={css.qrFrame}>
          <QrCode uri={receiveUri(session)} label={t('funding.receive.qr', { network })} part="funding-qr-code" size={QR_SIZE} errorCorrectionLevel="M" />
        </div>
        <p part="funding-network-warning" className={css.warning}>
          {t('funding.receive.warning', { network })}
        </p>
        <div part="funding-wallet-card" className={css.walletCard}>
          <div className={css.cardRow}>
            <span className={styles.label}>{t('funding.receive.wallet')}</span>
            <button type="button" part="funding-copy-address" className={styles.linkButton} onClick={() => void copy(session.address)}>
              {copied ? t('funding.receive.copied') : t('funding.receive.copy')}
            </button>
          </div>
          <span part="funding-address" className={css.address}>
            {session.address}
          </span>
          <div className={css.cardRow}>
            <span className={styles.label}>{t('funding.receive.balance')}</span>
            <span part="funding-balance" aria-live="polite">
              {balance ? formatFunded(balance, session, locale) : t('funding.receive.balanceLoading')}
            </span>
          </div>
        </div>
        {session.balanceRose && (
          <button type="button" part="submit-button funding-continue" className={styles.primaryButton} onClick={() => session.finish()}>
            {t('funding.continue')}
          </button>
        )}
      </div>
    </>
  )
}
