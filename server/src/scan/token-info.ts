import { parseAbi, type Address, type PublicClient } from 'viem'
import type { ScanResponseAsset } from '../../../src/protocol/index.js'
import type { AssetRef } from './read-movements.js'
import type { ScanChain } from './scan-chain.js'

const tokenAbi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
  'function supportsInterface(bytes4) view returns (bool)',
])
const ERC1155_INTERFACE_ID = '0xd9b67a26'
/** Token texts are the token's own claims: capped so a hostile contract cannot bloat the response. */
const MAX_TEXT = 64

async function read<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise
  } catch {
    return undefined // the contract does not implement it (optional in every standard)
  }
}

/** What the scan response says about an asset: the chain's currency, or a token's name, symbol and decimals read with eth_call. */
export async function readAssetInfo(client: PublicClient, chain: ScanChain, asset: AssetRef): Promise<ScanResponseAsset> {
  if (asset.type === 'NATIVE') return { type: 'NATIVE', address: null, ...chain.nativeCurrency }
  const call = <Name extends 'name' | 'symbol' | 'decimals'>(functionName: Name) =>
    read(client.readContract({ address: asset.address, abi: tokenAbi, functionName }))
  const type = asset.type === 'COLLECTION' ? ((await isErc1155(client, asset.address)) ? 'ERC1155' : 'ERC721') : asset.type
  const [name, symbol, decimals] = await Promise.all([call('name'), call('symbol'), type === 'ERC20' ? call('decimals') : undefined])
  return {
    type,
    address: asset.address,
    ...(typeof name === 'string' && name && { name: name.slice(0, MAX_TEXT) }),
    ...(typeof symbol === 'string' && symbol && { symbol: symbol.slice(0, MAX_TEXT) }),
    ...(typeof decimals === 'number' && { decimals }),
  }
}

export async function isErc1155(client: PublicClient, address: Address): Promise<boolean> {
  return (await read(client.readContract({ address, abi: tokenAbi, functionName: 'supportsInterface', args: [ERC1155_INTERFACE_ID] }))) === true
}

/** An ERC-20 balance before the transaction; null when the token does not answer. */
export async function readTokenBalance(client: PublicClient, token: Address, owner: Address): Promise<bigint | null> {
  return (await read(client.readContract({ address: token, abi: tokenAbi, functionName: 'balanceOf', args: [owner] }))) ?? null
}
