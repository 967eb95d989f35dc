/**
 * Real transfers on a local EVM chain from a stand-in's own account (an anvil default account): native currency, or
 * the network's USDC (an ERC-20 the account holds). Each waits for its receipt and fails on a revert.
 */
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi, type Address, type Hex, type PublicClient } from 'viem'
import { mnemonicToAccount, privateKeyToAccount, type LocalAccount } from 'viem/accounts'
import { ANVIL_MNEMONIC } from '../../keys/anvil-mnemonic.js'
import type { EvmNetwork, FundingAsset } from './networks.js'

/** The key of anvil's default account `index` (each stand-in pays from its own, so their nonces never collide). */
export const anvilAccountKey = (index: number): Hex => {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey
  if (!key) throw new Error(`no key for anvil account ${index}`)
  return `0x${Buffer.from(key).toString('hex')}`
}

export const erc20Abi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)', 'function balanceOf(address owner) view returns (uint256)'])

const readers = new Map<string, PublicClient>()
export function evmReader(rpcUrl: string): PublicClient {
  let reader = readers.get(rpcUrl)
  if (!reader) readers.set(rpcUrl, (reader = createPublicClient({ transport: http(rpcUrl), cacheTime: 0, pollingInterval: 50 })))
  return reader
}

export interface EvmTransfer {
  network: EvmNetwork
  asset: FundingAsset
  to: Address
  amount: bigint
  from: LocalAccount
}

/** The transaction that moves `amount` of `asset` to `to` (an ERC-20 transfer for USDC), with optional trailing data. */
export function transferCall(transfer: Omit<EvmTransfer, 'from'>, trailer: Hex = '0x'): { to: Address; value: bigint; data: Hex } {
  if (transfer.asset === 'native') return { to: transfer.to, value: transfer.amount, data: trailer }
  const token = transfer.network.usdcAddress
  if (!token) throw new Error('USDC is not available on this network')
  const call = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [transfer.to, transfer.amount] })
  return { to: token, value: 0n, data: `${call}${trailer.slice(2)}` }
}

/** Sends the transfer and waits for it to be mined; resolves with its hash. */
export async function sendEvmTransfer(transfer: EvmTransfer, trailer?: Hex): Promise<Hex> {
  const wallet = createWalletClient({ account: transfer.from, transport: http(transfer.network.rpcUrl) })
  const hash = await wallet.sendTransaction({ ...transferCall(transfer, trailer), chain: null })
  const receipt = await evmReader(transfer.network.rpcUrl).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`transfer ${hash} reverted`)
  return hash
}

export const evmAccount = (privateKey: Hex) => privateKeyToAccount(privateKey)

/** What `owner` holds of `asset` on `network`. */
export async function evmBalance(network: EvmNetwork, asset: FundingAsset, owner: Address): Promise<bigint> {
  const reader = evmReader(network.rpcUrl)
  if (asset === 'native') return reader.getBalance({ address: owner })
  if (!network.usdcAddress) return 0n
  return reader.readContract({ address: network.usdcAddress, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}
