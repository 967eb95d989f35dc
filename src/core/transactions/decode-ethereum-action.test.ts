import { describe, expect, it } from 'vitest'
import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { decodeEthereumAction } from './decode-ethereum-action.js'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const abi = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function mint(address to, uint256 amount)',
  'function mint(uint256 amount)',
  'function safeMint(address to)',
  'function safeMint(address to, uint256 tokenId)',
  'function mint(address to, uint256 id, uint256 amount, bytes data)',
  'function swap(uint256 amountIn)',
])

/** The calldata of one overload, chosen by its argument count. */
const call = (functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi, functionName, args } as never)

describe('decodeEthereumAction', () => {
  it('reads a plain value transfer as a send, and unknown calls as contract calls', async () => {
    expect(await decodeEthereumAction(alice, undefined)).toEqual({ type: 'send' })
    expect(await decodeEthereumAction(alice, '0x')).toEqual({ type: 'send' })
    expect(await decodeEthereumAction(token, call('swap', [5n]))).toEqual({ type: 'contract-call', to: token, functionName: null })
    expect(await decodeEthereumAction(null, '0x6080')).toEqual({ type: 'contract-call', to: '', functionName: null })
  })

  it('decodes ERC-20 approvals and transfers', async () => {
    expect(await decodeEthereumAction(token, call('approve', [bob, maxUint256]))).toEqual({ type: 'approve', token, spender: bob, amount: maxUint256 })
    expect(await decodeEthereumAction(token, call('transfer', [bob, 10n ** 18n]))).toEqual({ type: 'transfer', token, to: bob, amount: 10n ** 18n })
    expect(await decodeEthereumAction(token, call('transferFrom', [alice, bob, 7n]))).toEqual({ type: 'transferFrom', token, from: alice, to: bob, amount: 7n })
  })

  it('decodes the ERC-721 and ERC-1155 safe transfers and operator approvals', async () => {
    expect(await decodeEthereumAction(token, call('safeTransferFrom', [alice, bob, 3n]))).toEqual({
      type: 'safeTransferFrom',
      token,
      from: alice,
      to: bob,
      tokenId: 3n,
    })
    expect(await decodeEthereumAction(token, call('safeTransferFrom', [alice, bob, 3n, '0x']))).toEqual({
      type: 'safeTransferFrom',
      token,
      from: alice,
      to: bob,
      tokenId: 3n,
    })
    expect(await decodeEthereumAction(token, call('safeTransferFrom', [alice, bob, 4n, 25n, '0x']))).toEqual({
      type: 'safeTransferFrom',
      token,
      from: alice,
      to: bob,
      tokenId: 4n,
      amount: 25n,
    })
    expect(await decodeEthereumAction(token, call('safeBatchTransferFrom', [alice, bob, [1n, 2n], [10n, 20n], '0x']))).toEqual({
      type: 'safeBatchTransferFrom',
      token,
      from: alice,
      to: bob,
      tokenIds: [1n, 2n],
      amounts: [10n, 20n],
    })
    expect(await decodeEthereumAction(token, call('setApprovalForAll', [bob, true]))).toEqual({
      type: 'setApprovalForAll',
      token,
      operator: bob,
      approved: true,
    })
  })

  it('decodes the mint variants', async () => {
    expect(await decodeEthereumAction(token, call('mint', [bob, 100n]))).toEqual({ type: 'mint', token, to: bob, amount: 100n })
    expect(await decodeEthereumAction(token, call('mint', [100n]))).toEqual({ type: 'mint', token, amount: 100n })
    expect(await decodeEthereumAction(token, call('safeMint', [bob]))).toEqual({ type: 'mint', token, to: bob })
    expect(await decodeEthereumAction(token, call('safeMint', [bob, 9n]))).toEqual({ type: 'mint', token, to: bob, tokenId: 9n })
    expect(await decodeEthereumAction(token, call('mint', [bob, 9n, 2n, '0x']))).toEqual({ type: 'mint', token, to: bob, tokenId: 9n, amount: 2n })
  })
})
