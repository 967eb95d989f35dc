import { useState } from 'react'
import type { WalletChain, WalletOption } from '../../core/index.js'
import { useT } from '../copy/wallets.js'
import { WalletIcon } from '../icons/method-icons.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as landingStyles from '../styles/landing.css.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../client-slices/config.js'
import { offersLedger, walletNetworks } from '../wallets/network-choice.js'
import { pickerRows } from '../wallets/picker-rows.js'
import { suggestedWallets } from '../wallets/suggested-wallets.js'
import { useConnectWallet, walletIntent } from '../wallets/use-connect-wallet.js'
import { openDeepLink, walletDeepLink } from '../wallets/deep-link.js'
import { isMobile } from '../primitives/is-mobile.js'
import { useWalletOptions } from '../client-slices/wallets.js'

/** Wallet spec, "Business constants and limits": rows 56 px high with a 5 px gap, up to 5 visible before the list scrolls. */
const ROW_HEIGHT = 56
const ROW_GAP = 5
const VISIBLE_ROWS = 5

/** A choice made on the picker that needs one more step before connecting. */
type Detour =
  | { view: 'network'; wallet: WalletOption; chains: WalletChain[] }
  | { view: 'ledger'; wallet: WalletOption }
  | { view: 'install'; wallet: WalletOption }
  | { view: 'redirect'; wallet: WalletOption; link: string }

/**
 * The wallet picker (wallet spec, "Screens and routes"): 'Select your wallet' with search, chain badges and 'Last used'; a wallet
 * on both chains asks 'Select network' first; a listed wallet that is not installed shows install instructions;
 * no wallets at all shows 'No wallets available' with suggestions. Linking uses the same screen (connect-only).
 */
export function WalletPicker() {
  const t = useT()
  const { client, request, navigation } = useModal()
  const { config } = useConfigState(client)
  const options = useWalletOptions(client)
  const connect = useConnectWallet()
  // Kept here, not in the list: a detour and back keeps what was typed.
  const [query, setQuery] = useState('')
  const [detour, setDetour] = useState<Detour | null>(null)
  const hasHistory = navigation.getState().history.length > 0
  const back = hasHistory ? () => navigation.back() : undefined

  // Every connection starts inside a row's (or a detour's) click handler, never from an effect: in-app browsers
  // (`client.wallets.needsTrustedClick()`) let a wallet connect only inside a trusted click.
  const choose = (wallet: WalletOption) => {
    if (!wallet.installed && wallet.connectorType !== 'wallet_connect') {
      // On a phone a listed wallet opens this page in its own app (its in-app browser has the wallet).
      if (!isMobile() || !wallet.deepLink) return setDetour({ view: 'install', wallet })
      const link = walletDeepLink(wallet.deepLink, globalThis.location)
      openDeepLink(link)
      return setDetour({ view: 'redirect', wallet, link })
    }
    const chains = walletNetworks(wallet, config.appearance.walletChainType)
    if (chains.length > 1) return setDetour({ view: 'network', wallet, chains })
    chooseChain(wallet, chains[0])
  }
  const chooseChain = (wallet: WalletOption, chain: WalletChain | undefined) => {
    if (offersLedger(wallet, chain)) return setDetour({ view: 'ledger', wallet })
    connect({ walletId: wallet.id, walletName: wallet.name, chain })
  }

  if (detour?.view === 'ledger') return <LedgerChoice wallet={detour.wallet} onBack={() => setDetour(null)} />
  if (detour?.view === 'network') return <NetworkChoice wallet={detour.wallet} chains={detour.chains} onChoose={chooseChain} onBack={() => setDetour(null)} />
  if (detour?.view === 'install') return <InstallInstructions wallet={detour.wallet} onBack={() => setDetour(null)} />
  if (detour?.view === 'redirect') return <MobileRedirect wallet={detour.wallet} link={detour.link} onBack={() => setDetour(null)} />

  const title = t(walletIntent(request, client.getAuth().status === 'authenticated') === 'link' ? 'wallets.link.title' : 'wallets.picker.title')
  if (options.length === 0) return <EmptyWallets title={title} onBack={back} />

  return (
    <>
      <ScreenHeader title={title} onBack={back} />
      <WalletList options={options} lastUsed={client.wallets.getLastUsed()} query={query} onQuery={setQuery} onChoose={choose} />
    </>
  )
}

/** The wallet rows with their search (shown past a few wallets), each with its chain badges and 'Last used'. */
function WalletList({
  options,
  lastUsed,
  query,
  onQuery,
  onChoose,
}: {
  options: WalletOption[]
  lastUsed: string | null
  query: string
  onQuery(query: string): void
  onChoose(wallet: WalletOption): void
}) {
  const t = useT()
  const { rows, showSearch, noMatches } = pickerRows(options, query, lastUsed)
  return (
    <div part="body" className={styles.body}>
      {showSearch && (
        <input
          part="input wallet-search"
          className={styles.input}
          type="search"
          aria-label={t('wallets.search.label')}
          placeholder={t('wallets.search.label')}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
      )}
      {noMatches ? (
        <p part="wallet-no-matches" role="status" className={styles.message}>
          {t('wallets.search.empty')}
        </p>
      ) : (
        <ul
          className={landingStyles.methodList}
          aria-label={t('wallets.list')}
          style={{ gap: ROW_GAP, maxHeight: VISIBLE_ROWS * ROW_HEIGHT + (VISIBLE_ROWS - 1) * ROW_GAP, overflowY: 'auto' }}
        >
          {rows.map(({ option, lastUsed: isLastUsed }) => (
            <li key={option.id}>
              <button
                type="button"
                part="wallet-option"
                data-wallet-id={option.id}
                className={landingStyles.methodButton}
                style={{ minHeight: ROW_HEIGHT }}
                onClick={() => onChoose(option)}
              >
                <WalletLogo wallet={option} />
                <span part="wallet-name" className={landingStyles.methodLabel}>
                  {option.name}
                </span>
                {option.chains.map((chain) => (
                  <span key={chain} part="chain-badge" className={styles.badge}>
                    {t(`wallets.chain.${chain}`)}
                  </span>
                ))}
                {isLastUsed && (
                  <span part="last-used-chip" className={landingStyles.recentChip}>
                    {t('wallets.lastUsed')}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A Solana wallet that may sign through a Ledger: signing by transaction (Ledger) or by plain message. */
function LedgerChoice({ wallet, onBack }: { wallet: WalletOption; onBack(): void }) {
  const t = useT()
  const connect = useConnectWallet()
  const connectSolana = (solanaMessageType: 'transaction' | 'plain') =>
    connect({ walletId: wallet.id, walletName: wallet.name, chain: 'solana', solanaMessageType })
  return (
    <>
      <ScreenHeader title={t('wallets.ledger.title', { wallet: wallet.name })} onBack={onBack} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <WalletLogo wallet={wallet} />
        <button type="button" part="submit-button ledger-button" className={styles.primaryButton} onClick={() => connectSolana('transaction')}>
          {t('wallets.ledger.with')}
        </button>
        <button type="button" part="no-ledger-button" className={styles.linkButton} onClick={() => connectSolana('plain')}>
          {t('wallets.ledger.without')}
        </button>
      </div>
    </>
  )
}

/** 'Select network' for a wallet on both chains. */
function NetworkChoice({
  wallet,
  chains,
  onChoose,
  onBack,
}: {
  wallet: WalletOption
  chains: WalletChain[]
  onChoose(wallet: WalletOption, chain: WalletChain): void
  onBack(): void
}) {
  const t = useT()
  return (
    <>
      <ScreenHeader title={t('wallets.network.title')} onBack={onBack} />
      <div part="body" className={styles.body}>
        <ul className={landingStyles.methodList} aria-label={t('wallets.network.title')}>
          {chains.map((chain) => (
            <li key={chain}>
              <button type="button" part="wallet-network" className={landingStyles.methodButton} onClick={() => onChoose(wallet, chain)}>
                <WalletLogo wallet={wallet} />
                <span className={landingStyles.methodLabel}>{t(`wallets.chain.${chain}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}

/** The wallet's own icon from its announcement, or the generic wallet glyph. */
function WalletLogo({ wallet }: { wallet: WalletOption }) {
  // Only data: and https: icons (what discovery accepts); anything else draws the generic glyph.
  return wallet.icon && /^(data:image\/|https:)/.test(wallet.icon) ? <img className={landingStyles.icon} src={wallet.icon} alt="" /> : <WalletIcon />
}

/** Wallet spec, "Screens and routes": "Install instructions" for a listed wallet that is not in this browser. */
function InstallInstructions({ wallet, onBack }: { wallet: WalletOption; onBack(): void }) {
  const t = useT()
  const url = wallet.installUrl
  const name = { wallet: wallet.name }
  return (
    <>
      <ScreenHeader title={t('wallets.install.title', name)} onBack={onBack} />
      <div part="body" className={styles.body}>
        <ol part="install-steps" className={styles.message} style={{ textAlign: 'start', margin: 0 }}>
          <li>{t('wallets.install.step.extension', name)}</li>
          <li>{t('wallets.install.step.setup')}</li>
          <li>{t('wallets.install.step.phrase')}</li>
          <li>{t('wallets.install.step.reload')}</li>
        </ol>
        {url && (
          <a part="submit-button install-link" className={styles.primaryButton} href={url} target="_blank" rel="noopener noreferrer">
            {t('wallets.install.get', name)}
          </a>
        )}
        <button type="button" part="reload-button" className={styles.linkButton} onClick={() => globalThis.location.reload()}>
          {t('wallets.install.reload')}
        </button>
      </div>
    </>
  )
}

/** Wallet spec, "Screens and routes": install instructions, mobile: the wallet's app was asked to open this page; the user may still be here. */
function MobileRedirect({ wallet, link, onBack }: { wallet: WalletOption; link: string; onBack(): void }) {
  const t = useT()
  const name = { wallet: wallet.name }
  return (
    <>
      <ScreenHeader title={t('wallets.redirect.title', name)} onBack={onBack} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <WalletLogo wallet={wallet} />
        <p part="redirect-still-here" className={styles.message}>
          {t('wallets.redirect.stillHere')}
        </p>
        {wallet.installUrl && (
          <a part="submit-button app-store-link" className={styles.primaryButton} href={wallet.installUrl} target="_blank" rel="noopener noreferrer">
            {t('wallets.redirect.appStore')}
          </a>
        )}
        <button type="button" part="continue-button" className={styles.linkButton} onClick={() => openDeepLink(link)}>
          {t('wallets.redirect.continue')}
        </button>
      </div>
    </>
  )
}

/** Sign-in spec, "Screens and routes": "Empty wallet state": 'No wallets available' and where to get one. */
function EmptyWallets({ title, onBack }: { title: string; onBack: (() => void) | undefined }) {
  const t = useT()
  const { client } = useModal()
  const { config } = useConfigState(client)
  return (
    <>
      <ScreenHeader title={title} onBack={onBack} />
      <div part="body" className={`${styles.body} ${styles.centred}`}>
        <p part="wallets-empty" className={styles.message}>
          <strong>{t('wallets.empty.title')}</strong>
        </p>
        <p className={styles.message}>{t('wallets.empty.description')}</p>
        <ul className={landingStyles.methodList} aria-label={t('wallets.empty.title')}>
          {suggestedWallets(config.appearance.walletChainType).map((wallet) => (
            <li key={wallet.name}>
              <a part="suggested-wallet" className={landingStyles.methodButton} href={wallet.url} target="_blank" rel="noopener noreferrer">
                <WalletIcon />
                <span className={landingStyles.methodLabel}>{wallet.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
