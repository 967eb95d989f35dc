import { knownWallets, type EffectiveConfig } from '../../core/index.js'

/** Sign-in spec, "Screens and routes": "Empty wallet state": Rainbow, Phantom and Coinbase Wallet, or Phantom and Solflare for Solana-only apps. */
const suggestions = { ethereum: ['rainbow', 'phantom', 'coinbase_wallet'], solana: ['phantom', 'solflare'] }

export function suggestedWallets(walletChainType: EffectiveConfig['appearance']['walletChainType']): { name: string; url: string }[] {
  const ids = walletChainType === 'solana-only' ? suggestions.solana : suggestions.ethereum
  return ids.flatMap((id) => knownWallets.filter((known) => known.id === id).map(({ name, url }) => ({ name, url })))
}
