/**
 * What an Ethereum call does (funding spec, "Entities and their fields": "Ethereum decoded calls"): ERC-20, ERC-721 and ERC-1155 transfers,
 * approvals and the common mint variants, decoded with viem (loaded on first use); a plain value transfer is `send`,
 * any other call `contract-call` (with the function name when one of these ABIs knows the selector).
 */
import type { EthereumAction } from './types.js'

const address = (name: string) => ({ name, type: 'address' })
const uint256 = (name: string) => ({ name, type: 'uint256' })
const fn = (name: string, inputs: { name: string; type: string }[]) => ({ type: 'function', name, inputs, outputs: [], stateMutability: 'nonpayable' }) as const

/** One entry per selector; the overloads of safeTransferFrom and mint are told apart by their argument lists. */
const tokenAbi = [
  fn('approve', [address('spender'), uint256('amount')]),
  fn('transfer', [address('to'), uint256('amount')]),
  fn('transferFrom', [address('from'), address('to'), uint256('amount')]),
  fn('safeTransferFrom', [address('from'), address('to'), uint256('tokenId')]),
  fn('safeTransferFrom', [address('from'), address('to'), uint256('tokenId'), { name: 'data', type: 'bytes' }]),
  fn('safeTransferFrom', [address('from'), address('to'), uint256('tokenId'), uint256('amount'), { name: 'data', type: 'bytes' }]),
  fn('safeBatchTransferFrom', [
    address('from'),
    address('to'),
    { name: 'tokenIds', type: 'uint256[]' },
    { name: 'amounts', type: 'uint256[]' },
    { name: 'data', type: 'bytes' },
  ]),
  fn('setApprovalForAll', [address('operator'), { name: 'approved', type: 'bool' }]),
  fn('mint', [address('to'), uint256('amount')]),
  fn('mint', [uint256('amount')]),
  fn('safeMint', [address('to')]),
  fn('safeMint', [address('to'), uint256('tokenId')]),
  fn('mint', [address('to'), uint256('tokenId'), uint256('amount'), { name: 'data', type: 'bytes' }]),
] as const

export async function decodeEthereumAction(to: string | null, data: string | null | undefined): Promise<EthereumAction> {
  if (!data || data === '0x') return { type: 'send' }
  // A contract deployment has no address yet.
  if (!to) return { type: 'contract-call', to: '', functionName: null }
  const { decodeFunctionData } = await import('viem')
  let decoded: { functionName: string; args: readonly unknown[] }
  try {
    decoded = decodeFunctionData({ abi: tokenAbi, data: data as `0x${string}` }) as typeof decoded
  } catch {
    return { type: 'contract-call', to, functionName: null }
  }
  const token = to
  // biome-ignore lint/suspicious/noExplicitAny: viem types decoded arguments per ABI; the switch below narrows each
  const args = decoded.args as any[]
  switch (decoded.functionName) {
    case 'approve':
      return { type: 'approve', token, spender: args[0], amount: args[1] }
    case 'transfer':
      return { type: 'transfer', token, to: args[0], amount: args[1] }
    case 'transferFrom':
      return { type: 'transferFrom', token, from: args[0], to: args[1], amount: args[2] }
    case 'safeTransferFrom':
      return { type: 'safeTransferFrom', token, from: args[0], to: args[1], tokenId: args[2], ...(args.length === 5 && { amount: args[3] }) }
    case 'safeBatchTransferFrom':
      return { type: 'safeBatchTransferFrom', token, from: args[0], to: args[1], tokenIds: [...args[2]], amounts: [...args[3]] }
    case 'setApprovalForAll':
      return { type: 'setApprovalForAll', token, operator: args[0], approved: args[1] }
    case 'safeMint':
      return { type: 'mint', token, to: args[0], ...(args.length === 2 && { tokenId: args[1] }) }
    default:
      // mint(uint256), mint(address,uint256), mint(address,uint256,uint256,bytes)
      if (args.length === 1) return { type: 'mint', token, amount: args[0] }
      if (args.length === 2) return { type: 'mint', token, to: args[0], amount: args[1] }
      return { type: 'mint', token, to: args[0], tokenId: args[1], amount: args[2] }
  }
}
