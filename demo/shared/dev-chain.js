// Shared by both demos: the dev chain's test tokens (`/dev-chain.json`, served by the dev stack's demo server) and
// the transactions the Transactions panel asks the embedded wallet for. Calls are ABI-encoded by hand (a selector
// and 32-byte words) so the script-tag page needs no library for them.
import { ETH_RECIPIENT, localEvmChain } from './local-chains.js'

let info = null
/** The test contracts on anvil and the SPL mint on the local Solana endpoint; fails on a demo server without a dev chain. */
export async function devChainInfo() {
  if (info) return info
  const response = await fetch('/dev-chain.json')
  if (!response.ok) throw new Error('This demo server has no dev chain (run `npm start`).')
  return (info = await response.json())
}

/**
 * 'Get test tokens': the demo server mints 100 TTT, an NFT, 10 ERC-1155 tokens and 100 TSPL to the wallets from the
 * dev deployer (a dev-only faucet: the page never holds its key); resolves with the NFT's id.
 */
export async function getTestTokens(addresses) {
  const response = await fetch('/dev-chain/test-tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(addresses) })
  const body = await response.json()
  if (!response.ok) throw new Error(body.error ?? `The faucet answered ${response.status}`)
  return body
}

const word = (value) => BigInt(value).toString(16).padStart(64, '0')
const call = (selector, ...args) => `0x${selector}${args.map(word).join('')}`
const hex = (value) => `0x${BigInt(value).toString(16)}`

export const MAX_UINT256 = 2n ** 256n - 1n
/** An ordinary account nobody knows (no code on anvil): an unlimited approval to it is what a drainer asks for. */
export const UNKNOWN_ACCOUNT = '0x00000000000000000000000000000000deadbeef'
/** 10 TTT approved, 5 TTT transferred, 1 TTT per transfer of the batch (TTT has 18 decimals). */
export const tokenAmount = (whole, decimals = 18) => BigInt(whole) * 10n ** BigInt(decimals)

/** The transactions of the panel, as `embeddedWallets.sendTransaction` takes them. */
export const devTransactions = {
  /** ERC-20 approve(spender, amount) of a contract spender (the ERC-1155 contract: any contract does). */
  approve: ({ contracts, erc20 }) => ({ to: contracts.erc20, data: call('095ea7b3', contracts.erc1155, tokenAmount(10, erc20.decimals)) }),
  /** ERC-20 transfer(to, amount). */
  transfer: ({ contracts, erc20 }, whole = 5) => ({ to: contracts.erc20, data: call('a9059cbb', ETH_RECIPIENT, tokenAmount(whole, erc20.decimals)) }),
  /** ERC-721 safeTransferFrom(from, to, tokenId). */
  transferNft: ({ contracts }, from, tokenId) => ({ to: contracts.erc721, data: call('42842e0e', from, ETH_RECIPIENT, tokenId) }),
  /** approve(unknown account, 2^256 - 1): the scan calls it malicious. */
  maliciousApproval: ({ contracts }) => ({ to: contracts.erc20, data: call('095ea7b3', UNKNOWN_ACCOUNT, MAX_UINT256) }),
  /** Reverter.fail() with a fixed gas: no estimate (which would fail), so it is mined and reverts. */
  reverting: ({ contracts }) => ({ to: contracts.reverter, data: call('a9cc4718'), gas: hex(100_000) }),
  /** A million ETH: more than any test wallet holds. */
  tooMuchEth: () => ({ to: ETH_RECIPIENT, value: hex(tokenAmount(1_000_000)) }),
}

/** Asks the embedded wallet `from` to send `transaction` on the local chain; resolves with the hash. */
export async function sendDevTransaction(client, from, transaction) {
  const chain = await localEvmChain(client)
  const { hash } = await client.embeddedWallets.sendTransaction({ address: from, transaction: { ...transaction, chainId: chain.id } })
  return hash
}
