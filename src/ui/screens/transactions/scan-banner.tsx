/**
 * Funding spec, "Screens and routes" and "States and transitions": a Warning verdict shows 'Warning: Suspicious transaction' with the reason; a Malicious one
 * 'This is a malicious transaction' and the checkbox that must be ticked (`acknowledgeRisk`) before Approve.
 */
import type { EthereumTransactionConfirmation } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
import * as css from './transactions.css.js'

export function ScanBanner({ confirmation }: { confirmation: EthereumTransactionConfirmation }) {
  const t = useT()
  const { scan } = confirmation
  if (scan.status !== 'completed' || scan.verdict === 'Benign') return null
  const malicious = scan.verdict === 'Malicious'
  return (
    <div
      role="alert"
      part={malicious ? 'scan-banner malicious-banner' : 'scan-banner warning-banner'}
      className={malicious ? css.maliciousBanner : css.warningBanner}
    >
      <p style={{ margin: 0 }}>{malicious ? t('tx.scan.malicious') : t('tx.scan.warning')}</p>
      {scan.reason && (
        <p part="scan-reason" style={{ margin: '4px 0 0', fontWeight: 400 }}>
          {scan.reason}
        </p>
      )}
      {malicious && (
        <label className={css.checkboxLabel} style={{ marginTop: 8 }}>
          <input
            type="checkbox"
            part="acknowledge-risk"
            checked={confirmation.acknowledgedRisk}
            onChange={(event) => confirmation.acknowledgeRisk(event.currentTarget.checked)}
          />
          <span>{t('tx.scan.acknowledge')}</span>
        </label>
      )}
    </div>
  )
}
