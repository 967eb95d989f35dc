import type { EmbeddedWallet } from '../../../core/index.js'
import { useT } from '../../copy/key-export.js'
import * as styles from '../../styles/modal.css.js'

const cardStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: 12,
  borderRadius: 12,
  border: '1px solid currentColor',
  borderColor: 'rgba(127, 127, 127, 0.3)',
} as const
const addressStyle = { fontFamily: 'ui-monospace, monospace', fontSize: '0.85em', wordBreak: 'break-all' } as const

/** The wallet a key screen is about (funding spec, "Screens and routes": "a wallet card"): its chain, whether imported, and its address. */
export function WalletCard({ wallet }: { wallet: EmbeddedWallet }) {
  const t = useT()
  return (
    <div part="wallet-card" style={cardStyle}>
      <span className={styles.label}>
        {t(`wallet.chain.${wallet.chainType}`)}
        {wallet.imported && <span className={styles.badge}>{t('wallet.imported')}</span>}
      </span>
      <span part="wallet-address" style={addressStyle}>
        {wallet.address}
      </span>
    </div>
  )
}
