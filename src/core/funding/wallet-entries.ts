/**
 * 'Transfer from wallet' (funding spec, "Screens and routes"): the connected external wallets, then the wallets that can connect, of the
 * chain types that can pay. An Ethereum destination takes Solana wallets only with bridging to a mainnet; a Solana
 * destination takes Ethereum wallets with bridging unless it is USDC; an ERC-20 other than USDC is Ethereum-only.
 */
import type { WalletChainType } from '../config/types.js'
import type { ConnectedWallet, WalletChain, WalletOption } from '../wallets/types.js'
import type { ResolvedFunding } from './resolve-funding.js'
import type { FundingWalletEntry } from './types.js'

export const CONNECTED_ENTRY_PREFIX = 'connected:'

export function payerChainTypes(resolved: Pick<ResolvedFunding, 'place' | 'asset' | 'bridging' | 'testnet'>): WalletChainType {
  if (resolved.place.chainType === 'ethereum') {
    if (resolved.asset.kind === 'erc20') return 'ethereum-only'
    return resolved.bridging && !resolved.testnet ? 'ethereum-and-solana' : 'ethereum-only'
  }
  return resolved.bridging && resolved.asset.kind !== 'usdc' ? 'ethereum-and-solana' : 'solana-only'
}

const accepts = (types: WalletChainType, chain: WalletChain) => types === 'ethereum-and-solana' || types === `${chain}-only`

/** The funded wallet never pays itself; a wallet connected on both chains lists each account. */
export function walletEntries(
  connected: readonly ConnectedWallet[],
  options: readonly WalletOption[],
  types: WalletChainType,
  fundedAddress: string,
): FundingWalletEntry[] {
  const payers = connected.filter((wallet) => accepts(types, wallet.chain) && wallet.address.toLowerCase() !== fundedAddress.toLowerCase())
  const connectedEntries = payers.map((wallet): FundingWalletEntry => {
    return {
      id: `${CONNECTED_ENTRY_PREFIX}${wallet.address}`,
      name: wallet.meta.name,
      icon: wallet.meta.icon,
      chain: wallet.chain,
      connected: true,
      address: wallet.address,
    }
  })
  // Connectable: installed here (or reached through WalletConnect), of a payable chain, not connected already.
  const connectable = options
    .filter((option) => (option.installed || option.connectorType === 'wallet_connect') && !payers.some((wallet) => wallet.walletClientType === option.id))
    .flatMap((option) => {
      const chain = option.chains.find((candidate) => accepts(types, candidate))
      return chain ? [{ id: option.id, name: option.name, icon: option.icon, chain, connected: false, address: null }] : []
    })
  return [...connectedEntries, ...connectable]
}
