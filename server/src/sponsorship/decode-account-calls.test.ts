import { describe, expect, it } from 'vitest'
import { concat, encodeAbiParameters, encodeFunctionData, encodePacked, pad, parseAbi, size } from 'viem'
import { encode7579Calls } from 'permissionless/utils'
import { decodeAccountCalls } from './decode-account-calls.js'

const a = '0x1111111111111111111111111111111111111111'
const b = '0x2222222222222222222222222222222222222222'
const multiSend = '0x3333333333333333333333333333333333333333'
const abi = parseAbi([
  'function executeBatch(address[] targets, uint256[] values, bytes[] datas)',
  'function executeBatch(address[] targets, bytes[] datas)',
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function multiSend(bytes transactions)',
])
const calls = [
  { to: a, value: 1n, data: '0xabcd' },
  { to: b, value: 0n, data: '0x' },
] as const

describe('decodeAccountCalls', () => {
  it('reads ERC-7579 single and batch executions (Kernel v3), as permissionless encodes them', () => {
    expect(decodeAccountCalls(encode7579Calls({ mode: { type: 'call' }, callData: [calls[0]] }))).toEqual([calls[0]])
    expect(decodeAccountCalls(encode7579Calls({ mode: { type: 'batchcall' }, callData: calls }))).toEqual(calls)
  })

  it("reads LightAccount's two batch layouts", () => {
    expect(
      decodeAccountCalls(
        encodeFunctionData({
          abi,
          functionName: 'executeBatch',
          args: [
            [a, b],
            [1n, 0n],
            ['0xabcd', '0x'],
          ],
        }),
      ),
    ).toEqual(calls)
    expect(
      decodeAccountCalls(
        encodeFunctionData({
          abi,
          functionName: 'executeBatch',
          args: [
            [a, b],
            ['0xabcd', '0x'],
          ],
        }),
      ),
    ).toEqual([{ ...calls[0], value: 0n }, calls[1]])
  })

  it("reads Safe's module call, and a MultiSend delegatecall as the MultiSend contract plus each of its calls", () => {
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'executeUserOp', args: [a, 1n, '0xabcd', 0] }))).toEqual([calls[0]])
    const packed = concat(
      calls.map((call) => encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [0, call.to, call.value, BigInt(size(call.data)), call.data])),
    )
    const batch = encodeFunctionData({
      abi,
      functionName: 'executeUserOp',
      args: [multiSend, 0n, encodeFunctionData({ abi, functionName: 'multiSend', args: [packed] }), 1],
    })
    expect(decodeAccountCalls(batch)).toEqual([{ to: multiSend, value: 0n, data: '0x' }, ...calls])
  })

  it('answers null for what it cannot read: a delegatecall that is not MultiSend, a nested delegatecall, unknown or short calldata', () => {
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'executeUserOp', args: [a, 0n, '0xabcd', 1] }))).toBeNull()
    const nested = encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [1, a, 0n, 2n, '0xabcd'])
    expect(
      decodeAccountCalls(
        encodeFunctionData({
          abi,
          functionName: 'executeUserOp',
          args: [multiSend, 0n, encodeFunctionData({ abi, functionName: 'multiSend', args: [nested] }), 1],
        }),
      ),
    ).toBeNull()
    expect(decodeAccountCalls(concat(['0xe9ae5c53', pad('0xff', { dir: 'right' }), encodeAbiParameters([{ type: 'bytes' }], ['0x'])]))).toBeNull()
    expect(decodeAccountCalls('0xdeadbeef')).toBeNull()
    expect(decodeAccountCalls('0x12')).toBeNull()
  })
})
