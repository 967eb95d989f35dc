/**
 * Funding spec, "Screens and routes": "Transfer from wallet": the connected external wallets and those that can connect, with the
 * 'Connected' and 'Solana' badges; more than 4 entries show the first 3 and 'More wallets', which opens the whole
 * list. A row connects its wallet if needed (inside the click: wallets open their prompt), then the amount step.
 */
import { useEffect, useRef, useState } from 'react'
import type { FundingWalletEntry } from '../../../core/index.js'
import { useT } from '../../copy/funding.js'
import { WalletIcon } from '../../icons/method-icons.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from '../transactions/confirmation-header.js'
import * as css from './funding.css.js'
import type { FundingScreenProps } from './screen-props.js'

/** Funding spec, "Business constants and limits": "Wallet list display": more than this many entries... */
const SHORT_LIST_LIMIT = 4
/** ...show this many, then 'More wallets'. */
const SHORT_LIST_SHOWN = 3

function WalletRow({ entry, choose }: { entry: FundingWalletEntry; choose(id: string): void }) {
  const t = useT()
  return (
    <li>
      <button type="button" part="funding-wallet-row" className={landingStyles.methodButton} onClick={() => choose(entry.id)}>
        {entry.icon ? <img className={css.walletIcon} src={entry.icon} alt="" /> : <WalletIcon />}
        <span className={landingStyles.methodLabel}>{entry.name}</span>
        {entry.connected && (
          <span part="funding-badge-connected" className={css.connectedBadge}>
            {t('funding.badge.connected')}
          </span>
        )}
        {entry.chain === 'solana' && (
          <span part="funding-badge-solana" className={css.badge}>
            {t('funding.badge.solana')}
          </span>
        )}
      </button>
    </li>
  )
}

export function TransferFromWallet({ session, onClose }: FundingScreenProps) {
  const t = useT()
  const [showAll, setShowAll] = useState(false)
  const list = useRef<HTMLUListElement>(null)
  const toggled = useRef(false)
  // Opening or leaving the whole list removes the focused control: the list's first row takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each toggle of the list moves focus to its first entry
  useEffect(() => {
    if (toggled.current) list.current?.querySelector('button')?.focus()
    toggled.current = true
  }, [showAll])

  const { wallets } = session
  const choose = (id: string) => session.chooseWallet(id)
  const short = !showAll && wallets.length > SHORT_LIST_LIMIT
  const shown = short ? wallets.slice(0, SHORT_LIST_SHOWN) : wallets
  return (
    <>
      <ConfirmationHeader
        title={showAll ? t('funding.wallets.more') : t('funding.wallets.title')}
        onBack={showAll ? () => setShowAll(false) : () => session.back()}
        onClose={onClose}
      />
      <div part="body funding-wallets" className={styles.body}>
        {!showAll && <p className={styles.message}>{t('funding.wallets.description')}</p>}
        <ul ref={list} className={landingStyles.methodList} aria-label={showAll ? t('funding.wallets.more') : t('funding.wallets.title')}>
          {shown.map((entry) => (
            <WalletRow key={entry.id} entry={entry} choose={choose} />
          ))}
          {short && (
            <li>
              <button type="button" part="funding-more-wallets" className={landingStyles.methodButton} onClick={() => setShowAll(true)}>
                <WalletIcon />
                <span className={landingStyles.methodLabel}>{t('funding.wallets.more')}</span>
              </button>
            </li>
          )}
        </ul>
      </div>
    </>
  )
}
