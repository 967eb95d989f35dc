/** Wallets the picker can name before they are detected (wallet spec, "Entities and their fields": "Wallet client types recognised"). */
import type { WalletChain } from './types.js'

export interface KnownWallet {
  /** The wallet client type the wire and the wallet list setting use. */
  id: string
  name: string
  chains: WalletChain[]
  /** EIP-6963 reverse-DNS ids this wallet announces with. */
  rdns: string[]
  /** Where to get it (the install instructions link). */
  url: string
  /** The mobile app's link that opens a page in its browser (`WalletOption.deepLink`). */
  deepLink?: string
}

export const knownWallets: KnownWallet[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    chains: ['ethereum'],
    rdns: ['io.metamask', 'io.metamask.flask'],
    url: 'https://metamask.io/download/',
    deepLink: 'https://metamask.app.link/dapp/{page}',
  },
  {
    id: 'coinbase_wallet',
    name: 'Coinbase Wallet',
    chains: ['ethereum'],
    rdns: ['com.coinbase.wallet'],
    url: 'https://www.coinbase.com/wallet/downloads',
    deepLink: 'https://go.cb-w.com/dapp?cb_url={url}',
  },
  { id: 'rainbow', name: 'Rainbow', chains: ['ethereum'], rdns: ['me.rainbow'], url: 'https://rainbow.me/download' },
  { id: 'base_account', name: 'Base', chains: ['ethereum'], rdns: ['app.base.account'], url: 'https://www.base.org/' },
  {
    id: 'phantom',
    name: 'Phantom',
    chains: ['ethereum', 'solana'],
    rdns: ['app.phantom'],
    url: 'https://phantom.com/download',
    deepLink: 'https://phantom.app/ul/browse/{url}?ref={origin}',
  },
  {
    id: 'solflare',
    name: 'Solflare',
    chains: ['solana'],
    rdns: [],
    url: 'https://solflare.com/download',
    deepLink: 'https://solflare.com/ul/v1/browse/{url}?ref={origin}',
  },
  {
    id: 'backpack',
    name: 'Backpack',
    chains: ['solana'],
    rdns: [],
    url: 'https://backpack.app/downloads',
    deepLink: 'https://backpack.app/ul/v1/browse/{url}?ref={origin}',
  },
  { id: 'rabby_wallet', name: 'Rabby Wallet', chains: ['ethereum'], rdns: ['io.rabby'], url: 'https://rabby.io/' },
  {
    id: 'okx_wallet',
    name: 'OKX Wallet',
    chains: ['ethereum', 'solana'],
    rdns: ['com.okex.wallet'],
    url: 'https://www.okx.com/web3',
    deepLink: 'okx://wallet/dapp/url?dappUrl={url}',
  },
  { id: 'zerion', name: 'Zerion', chains: ['ethereum'], rdns: ['io.zerion.wallet'], url: 'https://zerion.io/download' },
  { id: 'uniswap', name: 'Uniswap Wallet', chains: ['ethereum'], rdns: ['org.uniswap.app'], url: 'https://wallet.uniswap.org/' },
  { id: 'cryptocom', name: 'Crypto.com Onchain', chains: ['ethereum'], rdns: ['com.crypto.wallet'], url: 'https://crypto.com/onchain' },
  { id: 'binance', name: 'Binance Wallet', chains: ['ethereum'], rdns: ['com.binance.wallet'], url: 'https://www.binance.com/en/web3wallet' },
]

/** Matching ignores case, spacing and a '-wallet' or '-extension' suffix (sign-in spec, "The calls it makes": "Wallets"). */
export const walletNameKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_.]+/g, '-')
    .replace(/-(wallet|extension)$/, '')

/** The known wallet a discovered one is: by its EIP-6963 rdns, else by its name. */
export function knownWalletFor(discovered: { rdns?: string; name: string }): KnownWallet | null {
  const key = walletNameKey(discovered.name)
  return (
    knownWallets.find(
      (known) => (discovered.rdns && known.rdns.includes(discovered.rdns)) || walletNameKey(known.id) === key || walletNameKey(known.name) === key,
    ) ?? null
  )
}
