/**
 * The scan-details sub-view (funding spec, "Screens and routes"): what the simulation says leaves and enters the wallet, and the
 * approvals it grants; 'No tokens found' without any, 'Transaction scan failed' when the scan failed.
 */
import type { ScanAssetChange, ScanState } from '../../../core/index.js'
import { useT } from '../../copy/transactions.js'
import { useLocale } from '../../copy/translator.js'
import * as styles from '../../styles/modal.css.js'
import { formatUsd, localDecimal } from './format-amount.js'
import { Address, Row, Rows, Spinner } from './summary-rows.js'

const assetName = (asset: ScanAssetChange['asset']) => asset.symbol ?? asset.name ?? asset.type

const amountText = (entry: { value: string; usd: number | null; tokenId?: string }, asset: ScanAssetChange['asset'], locale: string) =>
  `${entry.tokenId !== undefined ? `#${entry.tokenId}` : localDecimal(entry.value, locale)} ${assetName(asset)}${entry.usd === null ? '' : ` (${formatUsd(entry.usd, locale)})`}`

export function ScanDetails({ scan }: { scan: ScanState }) {
  const t = useT()
  const locale = useLocale()
  if (scan.status === 'failed')
    return (
      <p role="alert" part="scan-failed" className={styles.errorText}>
        {t('tx.scan.failed')}
      </p>
    )
  if (scan.status !== 'completed') return <Spinner label={t('tx.scan.inProgress')} />
  if (scan.changes.length === 0 && scan.exposures.length === 0)
    return (
      <p part="scan-empty" className={styles.message}>
        {t('tx.scan.noTokens')}
      </p>
    )
  return (
    <div part="scan-details">
      <Rows label={t('tx.scan.title')}>
        {scan.changes.flatMap((change, index) => [
          ...change.out.map((entry, at) => (
            <Row key={`out-${index}-${at}`} label={t('tx.scan.out')} part="scan-out">
              {amountText(entry, change.asset, locale)}
            </Row>
          )),
          ...change.in.map((entry, at) => (
            <Row key={`in-${index}-${at}`} label={t('tx.scan.in')} part="scan-in">
              {amountText(entry, change.asset, locale)}
            </Row>
          )),
        ])}
      </Rows>
      {scan.exposures.map((exposure, index) => (
        <p key={index} part="scan-exposure" className={styles.message}>
          {t('tx.scan.exposure', {
            amount: `${exposure.approvedForAll ? t('tx.scan.approvedForAll') : exposure.unlimited ? t('tx.unlimited') : (exposure.value ?? '')} ${assetName(exposure.asset)}`,
          })}
          <Address address={exposure.spender} />
        </p>
      ))}
    </div>
  )
}
