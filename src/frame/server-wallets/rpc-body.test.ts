/** Solana requests as wallet API bodies and the server's answers back: the sponsored send (signAndSendTransaction). */
import { describe, expect, it } from 'vitest'
import { encodeBase58, type ServerWalletRpcResponse, type SolanaFrameRequest } from '../../protocol/index.js'
import { frameRpcAnswer, solanaRpcBody } from './rpc-body.js'

const transaction = btoa('an unsigned wire transaction')
const sponsored = { method: 'signAndSendTransaction', params: { transaction, encoding: 'base64' }, caip2: 'solana:devnet', sponsor: true } as const
const signature = encodeBase58(new Uint8Array(64).fill(7))

describe('solanaRpcBody', () => {
  it('sends a sponsored transaction as the unsigned wire bytes, with its caip2 and sponsor', () => {
    expect(solanaRpcBody(sponsored)).toEqual({
      chain_type: 'solana',
      method: 'signAndSendTransaction',
      caip2: 'solana:devnet',
      sponsor: true,
      params: { transaction, encoding: 'base64' },
    })
    expect(solanaRpcBody({ ...sponsored, caip2: 'solana:mainnet-beta' })).toMatchObject({ caip2: 'solana:mainnet-beta' })
  })

  it('keeps signMessage as it was', () => {
    expect(solanaRpcBody({ method: 'signMessage', params: { message: transaction, encoding: 'base64' } })).toEqual({
      chain_type: 'solana',
      method: 'signMessage',
      params: { message: transaction, encoding: 'base64' },
    })
  })

  it.each([
    ['an unsponsored send', { ...sponsored, sponsor: undefined }, 'Unsupported method signAndSendTransaction'],
    ['sponsor other than true', { ...sponsored, sponsor: 'yes' }, 'Unsupported method signAndSendTransaction'],
    ['a missing transaction', { ...sponsored, params: { encoding: 'base64' } }, 'Invalid transaction'],
    ['an empty transaction', { ...sponsored, params: { transaction: '', encoding: 'base64' } }, 'Invalid transaction'],
    ['a transaction that is not base64', { ...sponsored, params: { transaction: 'not base64!', encoding: 'base64' } }, 'Invalid transaction'],
    ['another encoding', { ...sponsored, params: { transaction, encoding: 'base58' } }, 'Invalid transaction'],
    ['no params', { ...sponsored, params: undefined }, 'Invalid transaction'],
    ['a missing caip2', { ...sponsored, caip2: undefined }, 'Invalid caip2'],
    ['an unknown cluster', { ...sponsored, caip2: 'solana:localnet' }, 'Invalid caip2'],
    ['a genesis-hash caip2', { ...sponsored, caip2: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }, 'Invalid caip2'],
    ['an Ethereum caip2', { ...sponsored, caip2: 'eip155:1' }, 'Invalid caip2'],
    ['another method', { method: 'signAllTransactions', params: {} }, 'Unsupported method signAllTransactions'],
  ])('refuses %s', (_name, request, message) => {
    expect(() => solanaRpcBody(request as unknown as SolanaFrameRequest)).toThrow(expect.objectContaining({ type: 'invalid_request_arguments', message }))
  })
})

describe('frameRpcAnswer for signAndSendTransaction', () => {
  it("answers the server's base58 hash as the sent transaction's signature", () => {
    const response: ServerWalletRpcResponse = { method: 'signAndSendTransaction', data: { hash: signature, caip2: 'solana:devnet' } }
    expect(frameRpcAnswer('signAndSendTransaction', response)).toEqual({ method: 'signAndSendTransaction', data: { signature } })
  })

  it.each([
    ['a hex hash', { method: 'signAndSendTransaction', data: { hash: `0x${'ab'.repeat(32)}`, caip2: 'solana:devnet' } }],
    [
      'a base58 value of another length',
      { method: 'signAndSendTransaction', data: { hash: encodeBase58(new Uint8Array(32).fill(1)), caip2: 'solana:devnet' } },
    ],
    ['no hash', { method: 'signAndSendTransaction', data: { caip2: 'solana:devnet' } }],
    ['an answer for another method', { method: 'signTransaction', data: { signed_transaction: transaction, encoding: 'base64' } }],
  ])('refuses %s', (_name, response) => {
    expect(() => frameRpcAnswer('signAndSendTransaction', response as ServerWalletRpcResponse)).toThrow(
      expect.objectContaining({ type: 'error', message: 'Unable to sign' }),
    )
  })
})
