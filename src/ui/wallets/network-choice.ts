import type { EffectiveConfig, WalletChain, WalletOption } from '../../core/index.js'

/** The chains the app signs in with (sign-in spec, "Validation rules": walletChainType). */
export function appWalletChains(walletChainType: EffectiveConfig['appearance']['walletChainType']): WalletChain[] {
  if (walletChainType === 'ethereum-only') return ['ethereum']
  if (walletChainType === 'solana-only') return ['solana']
  return ['ethereum', 'solana']
}

/** The chains of `option` the app can use: more than one opens 'Select network'. */
export function walletNetworks(option: WalletOption, walletChainType: EffectiveConfig['appearance']['walletChainType']): WalletChain[] {
  const usable = appWalletChains(walletChainType)
  return option.chains.filter((chain) => usable.includes(chain))
}

/** Wallet spec, "Business constants and limits": the Ledger prompt applies to Phantom on Solana (a Ledger signs a memo transaction, not a message). */
export function offersLedger(option: WalletOption, chain: WalletChain | undefined): boolean {
  return chain === 'solana' && option.name.trim().toLowerCase() === 'phantom'
}
