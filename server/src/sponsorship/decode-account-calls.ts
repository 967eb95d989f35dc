import { decodeAbiParameters, decodeFunctionData, getAddress, hexToBigInt, parseAbi, size, slice, toFunctionSelector, type Address, type Hex } from 'viem'
import type { SponsoredCall } from './check-policy.js'

/**
 * The calls a smart account's `callData` makes, for the policy's contract rule: the execute and executeBatch of
 * Simple7702Account, SimpleAccount, LightAccount and Coinbase Smart Wallet, ERC-7579's execute (Kernel v3, Safe's 7579
 * adapter), and Safe's 4337 module (executeUserOp, with MultiSend batches). Null: none of these, or a delegatecall
 * whose effects cannot be read from the calldata.
 */
const singleCallAbi = parseAbi(['function execute(address target, uint256 value, bytes data)'])
const batchOfCallsAbi = parseAbi(['function executeBatch((address target, uint256 value, bytes data)[] calls)'])
const batchOfListsAbi = parseAbi(['function executeBatch(address[] targets, uint256[] values, bytes[] datas)'])
const batchWithoutValuesAbi = parseAbi(['function executeBatch(address[] targets, bytes[] datas)'])
const erc7579Abi = parseAbi(['function execute(bytes32 mode, bytes executionCalldata)'])
const safeModuleAbi = parseAbi([
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
])
const multiSendAbi = parseAbi(['function multiSend(bytes transactions)'])
const executionsAbi = [{ type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] }] as const

const CALL = 0
const DELEGATECALL = 1

type Decoder = (callData: Hex) => SponsoredCall[] | null

/** One decoder per account function, by its selector. */
const decoders = new Map<Hex, Decoder>([
  [
    toFunctionSelector(singleCallAbi[0]),
    (data) => {
      const [to, value, callData] = decodeFunctionData({ abi: singleCallAbi, data }).args
      return [{ to, value, data: callData }]
    },
  ],
  [
    toFunctionSelector(batchOfCallsAbi[0]),
    (data) => decodeFunctionData({ abi: batchOfCallsAbi, data }).args[0].map((call) => ({ to: call.target, value: call.value, data: call.data })),
  ],
  [
    toFunctionSelector(batchOfListsAbi[0]),
    (data) => {
      const [targets, values, datas] = decodeFunctionData({ abi: batchOfListsAbi, data }).args
      return targets.map((to, i) => ({ to, value: values[i] ?? 0n, data: datas[i] ?? '0x' }))
    },
  ],
  [
    toFunctionSelector(batchWithoutValuesAbi[0]),
    (data) => {
      const [targets, datas] = decodeFunctionData({ abi: batchWithoutValuesAbi, data }).args
      return targets.map((to, i) => ({ to, value: 0n, data: datas[i] ?? '0x' }))
    },
  ],
  [toFunctionSelector(erc7579Abi[0]), (data) => decode7579Execution(...decodeFunctionData({ abi: erc7579Abi, data }).args)],
  ...safeModuleAbi.map((item): [Hex, Decoder] => [
    toFunctionSelector(item),
    (data) => decodeSafeModuleCall(decodeFunctionData({ abi: safeModuleAbi, data }).args),
  ]),
])

export function decodeAccountCalls(callData: Hex): SponsoredCall[] | null {
  try {
    return decoders.get(slice(callData, 0, 4))?.(callData) ?? null
  } catch {
    return null
  }
}

function decodeSafeModuleCall([to, value, data, operation]: readonly [Address, bigint, Hex, number]): SponsoredCall[] | null {
  if (operation === CALL) return [{ to, value, data }]
  // A delegatecall runs the target's code as the account: only MultiSend's, whose calls are in its data, is readable.
  if (operation === DELEGATECALL) return [{ to, value, data: '0x' }, ...decodeMultiSend(data)]
  return null
}

/** ERC-7579 mode byte 0 is the call type: 0x00 one call (packed), 0x01 a batch (abi-encoded); others are not read. */
function decode7579Execution(mode: Hex, executionCalldata: Hex): SponsoredCall[] | null {
  const callType = slice(mode, 0, 1)
  if (callType === '0x00') {
    return [
      {
        to: getAddress(slice(executionCalldata, 0, 20)),
        value: hexToBigInt(slice(executionCalldata, 20, 52)),
        data: size(executionCalldata) > 52 ? slice(executionCalldata, 52) : '0x',
      },
    ]
  }
  if (callType === '0x01') return decodeAbiParameters(executionsAbi, executionCalldata)[0].map(([to, value, data]) => ({ to, value, data }))
  return null
}

/** MultiSend's packed transactions: operation (1), to (20), value (32), data length (32), data; a nested delegatecall is refused. */
function decodeMultiSend(data: Hex): SponsoredCall[] {
  const packed = decodeFunctionData({ abi: multiSendAbi, data }).args[0]
  const calls: SponsoredCall[] = []
  for (let at = 0; at < size(packed); ) {
    if (Number(slice(packed, at, at + 1)) !== CALL) throw new Error('MultiSend delegatecall')
    const length = Number(hexToBigInt(slice(packed, at + 53, at + 85)))
    calls.push({
      to: getAddress(slice(packed, at + 1, at + 21)),
      value: hexToBigInt(slice(packed, at + 21, at + 53)),
      data: length ? slice(packed, at + 85, at + 85 + length, { strict: true }) : '0x',
    })
    at += 85 + length
  }
  return calls
}
