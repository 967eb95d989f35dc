import { decodeAbiParameters, getAddress, hexToBigInt, toEventSelector, type Address, type Hex, type RpcLog } from 'viem'

/** An asset a log moves or approves: native currency, or a token contract (its standard as its logs show it). */
export type AssetRef = { type: 'NATIVE' } | { type: 'ERC20' | 'ERC721' | 'ERC1155' | 'COLLECTION'; address: Address }

/** A value moving between two addresses, read from one log. Addresses lowercase. */
export interface Transfer {
  asset: AssetRef
  from: Address
  to: Address
  amount: bigint
  tokenId?: bigint
}

/**
 * An allowance one log grants: an ERC-20 amount, one ERC-721 token, or a whole collection (ApprovalForAll, whose
 * log is the same for ERC-721 and ERC-1155: `COLLECTION` until the contract says which).
 */
export interface Approval {
  asset: AssetRef
  owner: Address
  spender: Address
  amount?: bigint
  tokenId?: bigint
  forAll?: boolean
}

/** eth_simulateV1's `traceTransfers` reports native value moves as Transfer logs of this address. */
export const NATIVE_TRANSFER_LOG_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const TRANSFER = toEventSelector('Transfer(address,address,uint256)')
const APPROVAL = toEventSelector('Approval(address,address,uint256)')
const APPROVAL_FOR_ALL = toEventSelector('ApprovalForAll(address,address,bool)')
const TRANSFER_SINGLE = toEventSelector('TransferSingle(address,address,address,uint256,uint256)')
const TRANSFER_BATCH = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])')

const topicAddress = (topic: Hex | undefined): Address => getAddress(`0x${(topic ?? '').slice(-40)}`).toLowerCase() as Address
const word = (hex: Hex | undefined): bigint => (hex && hex !== '0x' ? hexToBigInt(hex) : 0n)

/** Reads ERC-20/721/1155 Transfer, Approval and ApprovalForAll logs (and native transfers); other logs are ignored. */
export function readMovements(logs: RpcLog[]): { transfers: Transfer[]; approvals: Approval[] } {
  const transfers: Transfer[] = []
  const approvals: Approval[] = []
  for (const log of logs) {
    const [selector, ...args] = log.topics
    const token = log.address.toLowerCase() as Address
    try {
      if (selector === TRANSFER && token === NATIVE_TRANSFER_LOG_ADDRESS && args.length === 2) {
        transfers.push({ asset: { type: 'NATIVE' }, from: topicAddress(args[0]), to: topicAddress(args[1]), amount: word(log.data) })
      } else if (selector === TRANSFER && args.length === 2) {
        transfers.push({ asset: { type: 'ERC20', address: token }, from: topicAddress(args[0]), to: topicAddress(args[1]), amount: word(log.data) })
      } else if (selector === TRANSFER && args.length === 3) {
        transfers.push({
          asset: { type: 'ERC721', address: token },
          from: topicAddress(args[0]),
          to: topicAddress(args[1]),
          amount: 1n,
          tokenId: word(args[2]),
        })
      } else if (selector === APPROVAL && args.length === 2) {
        approvals.push({ asset: { type: 'ERC20', address: token }, owner: topicAddress(args[0]), spender: topicAddress(args[1]), amount: word(log.data) })
      } else if (selector === APPROVAL && args.length === 3) {
        approvals.push({ asset: { type: 'ERC721', address: token }, owner: topicAddress(args[0]), spender: topicAddress(args[1]), tokenId: word(args[2]) })
      } else if (selector === APPROVAL_FOR_ALL && args.length === 2) {
        approvals.push({
          asset: { type: 'COLLECTION', address: token },
          owner: topicAddress(args[0]),
          spender: topicAddress(args[1]),
          forAll: word(log.data) !== 0n,
        })
      } else if (selector === TRANSFER_SINGLE && args.length === 3) {
        const [id, amount] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data)
        transfers.push({ asset: { type: 'ERC1155', address: token }, from: topicAddress(args[1]), to: topicAddress(args[2]), amount, tokenId: id })
      } else if (selector === TRANSFER_BATCH && args.length === 3) {
        const [ids, amounts] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)
        ids.forEach((id, index) =>
          transfers.push({
            asset: { type: 'ERC1155', address: token },
            from: topicAddress(args[1]),
            to: topicAddress(args[2]),
            amount: amounts[index] ?? 0n,
            tokenId: id,
          }),
        )
      }
    } catch {
      // A log that only looks like a standard one (malformed data): not a movement the scan can vouch for.
    }
  }
  return { transfers, approvals }
}
