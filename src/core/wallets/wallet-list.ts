/** The picker's wallets: the app's wallet list setting applied to what the page announced (sign-in spec, "The calls it makes" and "Business constants and limits"). */
import type { Appearance, WalletListEntry } from '../config/types.js'
import { knownWallets, walletNameKey, type KnownWallet } from './known-wallets.js'
import type { WalletChain, WalletOption } from './types.js'

/** Sign-in spec, "Business constants and limits": detected wallets first, then these known ones. */
export const DEFAULT_WALLET_LIST: WalletListEntry[] = ['detected_wallets', 'metamask', 'coinbase_wallet', 'rainbow', 'base_account', 'wallet_connect']

/** A wallet found in the page, with the known wallet it is (if any). */
export interface DetectedWallet {
  option: WalletOption
  known: KnownWallet | null
}

const chainsFor = (chainType: Appearance['walletChainType']): WalletChain[] =>
  chainType === 'ethereum-only' ? ['ethereum'] : chainType === 'solana-only' ? ['solana'] : ['ethereum', 'solana']

/** A known wallet drawn with install instructions. */
const notInstalled = (known: KnownWallet, chains: WalletChain[]): WalletOption => ({
  id: known.id,
  name: known.name,
  icon: null,
  chains,
  connectorType: chains.includes('ethereum') ? 'injected' : 'solana_adapter',
  installed: false,
  installUrl: known.url,
  ...(known.deepLink && { deepLink: known.deepLink }),
})

/**
 * Entries in order: `detected_*` lists the detected wallets (of that chain) not listed yet; a known id lists the
 * detected wallets that are it, else the known wallet as not installed. Only the app's chains are kept, and a
 * wallet appears once. `wallet_connect` is listed only when `walletConnect` is given (the connector exists).
 */
export function walletOptions(detected: DetectedWallet[], appearance: Appearance, walletConnect: WalletOption | null = null): WalletOption[] {
  const allowed = chainsFor(appearance.walletChainType)
  const onAllowedChain = (chains: WalletChain[]) => chains.filter((chain) => allowed.includes(chain))
  const listed = new Map<string, WalletOption>()
  const add = (option: WalletOption) => {
    const chains = onAllowedChain(option.chains)
    if (chains.length && !listed.has(option.id)) listed.set(option.id, { ...option, chains })
  }
  for (const entry of appearance.walletList ?? DEFAULT_WALLET_LIST) {
    if (entry === 'detected_wallets' || entry === 'detected_ethereum_wallets' || entry === 'detected_solana_wallets') {
      const chain: WalletChain | null = entry === 'detected_ethereum_wallets' ? 'ethereum' : entry === 'detected_solana_wallets' ? 'solana' : null
      for (const wallet of detected) if (!chain || wallet.option.chains.includes(chain)) add(chain ? { ...wallet.option, chains: [chain] } : wallet.option)
      continue
    }
    if (entry === 'wallet_connect') {
      if (walletConnect) add(walletConnect)
      continue
    }
    const key = walletNameKey(entry)
    const matches = detected.filter((wallet) => (wallet.known && walletNameKey(wallet.known.id) === key) || walletNameKey(wallet.option.name) === key)
    for (const wallet of matches) add(wallet.option)
    const known = knownWallets.find((candidate) => walletNameKey(candidate.id) === key)
    if (!matches.length && known) add(notInstalled(known, onAllowedChain(known.chains)))
  }
  return [...listed.values()]
}
