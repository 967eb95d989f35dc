/**
 * The user's wallets ('wallets:list', the React wrapper's `WalletsDialog`): each embedded wallet's chain and address,
 * with 'Copy address'. Loaded with its first opening.
 */
import { useState } from 'react'
import { useT } from '../../copy/wallets.js'
import { useModal } from '../../modal-context.js'
import { copyText } from '../../primitives/copy-text.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { useEmbeddedWalletsState } from '../../client-slices/embedded-wallets.js'

const rowStyle = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 } as const
const addressStyle = { fontFamily: 'ui-monospace, monospace' } as const

/** 0x1234…abcd: enough to recognise the wallet (the full address is in the title attribute). */
const shortAddress = (address: string) => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address)

export default function WalletsView() {
  const t = useT()
  const { client } = useModal()
  const { wallets } = useEmbeddedWalletsState(client)
  const [copied, setCopied] = useState<string | null>(null)
  const copy = (address: string) => void copyText(address).then((done) => setCopied(done ? address : null))
  return (
    <>
      <ScreenHeader title={t('wallets.list')} />
      <div part="body" className={styles.body}>
        {wallets.length === 0 && <p className={styles.message}>{t('wallets.view.empty')}</p>}
        <ul part="wallets-list" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {wallets.map((wallet) => (
            <li key={`${wallet.chainType}:${wallet.address}`} part="wallets-item" style={rowStyle}>
              <span>
                <span className={styles.label}>{t(wallet.chainType === 'solana' ? 'wallets.chain.solana' : 'wallets.chain.ethereum')} </span>
                <span part="wallets-address" title={wallet.address} style={addressStyle}>
                  {shortAddress(wallet.address)}
                </span>
              </span>
              <button
                type="button"
                part="wallets-copy"
                className={styles.linkButton}
                aria-label={`${t('wallets.view.copy')} ${wallet.address}`}
                onClick={() => copy(wallet.address)}
              >
                {t('wallets.view.copy')}
              </button>
            </li>
          ))}
        </ul>
        <p role="status" aria-live="polite" className={styles.message}>
          {copied ? t('wallets.view.copied') : ''}
        </p>
      </div>
    </>
  )
}
