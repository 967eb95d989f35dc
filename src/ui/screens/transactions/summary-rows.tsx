import type { ReactNode } from 'react'
import { shortenAddress } from '../../../core/index.js'
import * as css from './transactions.css.js'
import { useT } from '../../copy/transactions.js'
import * as styles from '../../styles/modal.css.js'

/** One labelled row; `part` names it for the host page (`row-send`, `row-network`, ...). */
export function Row({ label, part, children }: { label: string; part: string; children: ReactNode }) {
  return (
    <>
      <dt className={css.rowLabel}>{label}</dt>
      <dd part={`row ${part}`} className={css.rowValue}>
        {children}
      </dd>
    </>
  )
}

export function Rows({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className={css.rows} aria-label={label}>
      {children}
    </dl>
  )
}

/** A shortened address; the full one is in the title attribute. */
export function Address({ address }: { address: string }) {
  return (
    <span title={address} className={css.monospaceText}>
      {shortenAddress(address)}
    </span>
  )
}

/** A native `<details>` panel: keyboard-usable and announced without extra ARIA. */
export function Expander({ summary, part, open, children }: { summary: string; part: string; open?: boolean; children: ReactNode }) {
  return (
    <details part={part} className={css.expander} open={open}>
      <summary className={css.expanderSummary}>{summary}</summary>
      {children}
    </details>
  )
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" part="progress" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
      <span className={css.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

/** The block explorer's page for a hash or signature, when the chain has an explorer. */
export function ExplorerLink({ url }: { url: string | null | undefined }) {
  const t = useT()
  if (!url) return null
  return (
    <a part="explorer-link" className={styles.linkButton} href={url} target="_blank" rel="noopener noreferrer">
      {t('tx.error.explorer')}
    </a>
  )
}
