/**
 * Balances over the chain's or cluster's JSON-RPC (funding spec, "The calls it makes": "Chain reads"): the native balance, an ERC-20's
 * `balanceOf`, lamports, and an SPL mint summed over the owner's token accounts. No SDK: plain JSON-RPC keeps the
 * landing's chunk small.
 */
import type { Chain } from '../chains/chain.js'
import type { SolanaCluster } from '../config/types.js'
import { callJsonRpc } from '../wallets/embedded/json-rpc.js'
import type { FundingAsset } from './types.js'

/** Where funds are read or sent: an EVM chain, or a Solana cluster. */
export type FundingPlace = { chainType: 'ethereum'; chain: Chain } | { chainType: 'solana'; cluster: SolanaCluster }

export const rpcUrlOf = (place: FundingPlace) => (place.chainType === 'ethereum' ? place.chain.rpcUrl : place.cluster.rpcUrl)

/** A 32-byte ABI word of an address or an amount. */
export const abiWord = (value: string | bigint) => (typeof value === 'bigint' ? value.toString(16) : value.replace(/^0x/i, '')).toLowerCase().padStart(64, '0')

/** `balanceOf(address)` (0x70a08231). */
const balanceOfCall = (token: string, owner: string) => ({ to: token, data: `0x70a08231${abiWord(owner)}` })

interface ParsedTokenAccount {
  pubkey: string
  account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } }
}

/** The owner's token accounts of a mint, with what each holds. */
export async function splTokenAccounts(rpcUrl: string, owner: string, mint: string, fetchImpl?: typeof fetch): Promise<{ address: string; amount: bigint }[]> {
  const { value } = await callJsonRpc<{ value: ParsedTokenAccount[] }>(
    rpcUrl,
    'getTokenAccountsByOwner',
    [owner, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    fetchImpl,
  )
  return value.map(({ pubkey, account }) => ({ address: pubkey, amount: BigInt(account.data.parsed.info.tokenAmount.amount) }))
}

/** The balance of `owner` in `asset` (its smallest units), read at 'latest' / 'confirmed'. */
export async function readBalance(
  place: FundingPlace,
  asset: Pick<FundingAsset, 'kind' | 'address'>,
  owner: string,
  fetchImpl?: typeof fetch,
): Promise<bigint> {
  const rpc = <T>(method: string, params: unknown[]) => callJsonRpc<T>(rpcUrlOf(place), method, params, fetchImpl)
  if (asset.kind !== 'native' && !asset.address) throw new Error('The token has no known address here')
  if (place.chainType === 'ethereum') {
    if (!asset.address) return BigInt(await rpc<string>('eth_getBalance', [owner, 'latest']))
    const result = await rpc<string>('eth_call', [balanceOfCall(asset.address, owner), 'latest'])
    return result === '0x' ? 0n : BigInt(result)
  }
  if (!asset.address) return BigInt((await rpc<{ value: number }>('getBalance', [owner, { commitment: 'confirmed' }])).value)
  return (await splTokenAccounts(place.cluster.rpcUrl, owner, asset.address, fetchImpl)).reduce((sum, account) => sum + account.amount, 0n)
}
