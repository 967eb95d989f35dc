/**
 * The local chains a stand-in delivers on, by the provider's network name: an EVM network (an anvil) or Solana (the
 * local Solana endpoint). USDC is delivered only where the network names its token.
 */
import { isAddress, type Address } from 'viem'
import { PublicKey } from '@solana/web3.js'

export interface EvmNetwork {
  rpcUrl: string
  chainId: number
  usdcAddress?: Address
}
export interface SolanaNetwork {
  rpcUrl: string
  usdcMint?: string
}
export type LocalNetwork = EvmNetwork | SolanaNetwork
/** Keyed by the provider's network name (`base`, `ethereum`, `solana`, ...). */
export type LocalNetworks = Record<string, LocalNetwork>

export type FundingAsset = 'native' | 'USDC'

export const isEvmNetwork = (network: LocalNetwork): network is EvmNetwork => 'chainId' in network

/** Decimals of what a network pays out: USDC 6, SOL 9, ETH 18 (funding spec, "Business constants and limits"). */
export const assetDecimals = (network: LocalNetwork, asset: FundingAsset) => (asset === 'USDC' ? 6 : isEvmNetwork(network) ? 18 : 9)

export function isSolanaAddress(address: string): boolean {
  try {
    return new PublicKey(address).toBase58() === address
  } catch {
    return false
  }
}

/** A 0x address, checksummed or lower-case. */
export const isEvmAddress = (address: string) => isAddress(address, { strict: false })

/** Whether `address` can receive on `network` (an EVM address, or base58 on Solana). */
export const isAddressOn = (network: LocalNetwork, address: string) => (isEvmNetwork(network) ? isEvmAddress(address) : isSolanaAddress(address))

/** Why `asset` cannot be delivered on `network`, or null when it can. */
export function assetUnavailable(network: LocalNetwork, asset: FundingAsset): string | null {
  if (asset === 'native') return null
  return (isEvmNetwork(network) ? network.usdcAddress : network.usdcMint) ? null : 'USDC is not available on this network'
}
