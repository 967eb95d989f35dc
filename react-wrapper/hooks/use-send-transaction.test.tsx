import { keccak256, type Hex } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TesseraError } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useSendTransaction, type UseSendTransactionOptions, type UseSendTransactionResult } from '../index.js'

const appId = 'tessera-test-app-00000056'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

function renderHook(callbacks: UseSendTransactionOptions = {}): UseSendTransactionResult {
  let hook: UseSendTransactionResult | undefined
  function Probe() {
    hook = useSendTransaction(callbacks)
    return null
  }
  double.render(<Probe />)
  return hook!
}

describe('useSendTransaction', () => {
  const transaction = { to: `0x${'42'.repeat(20)}`, value: 1_000n, chainId: 31337, nonce: 3 }

  it('sends through the client and reports the hash', async () => {
    await double.client.embeddedWallets.create()
    const hashes: string[] = []
    const result = await renderHook({ onSuccess: ({ hash }) => hashes.push(hash) }).sendTransaction(transaction)
    const { signature } = await double.client.embeddedWallets.signTransaction({ transaction })
    expect(result).toEqual({ hash: keccak256(signature as Hex) })
    expect(hashes).toEqual([result!.hash])
    expect(double.calls.filter((call) => call.method === 'sendTransaction')).toEqual([{ method: 'sendTransaction', input: { transaction } }])
  })

  it("passes the call's uiOptions to the client's confirmation (the reference's `sendTransaction(tx, { uiOptions })`)", async () => {
    await double.client.embeddedWallets.create()
    const uiOptions = { title: 'Buy the print', buttonText: 'Pay', successHeader: 'Paid', showWalletUIs: true }
    await renderHook().sendTransaction({ ...transaction, nonce: 4 }, { uiOptions })
    expect(double.calls.at(-1)).toEqual({ method: 'sendTransaction', input: { transaction: { ...transaction, nonce: 4 }, uiOptions } })
  })

  it('reports a refused send to onError, or rejects', async () => {
    await double.client.embeddedWallets.create()
    const refused = new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'insufficient funds for gas' })
    const errors: TesseraError[] = []
    double.failNext('sendTransaction', refused)
    await expect(renderHook({ onError: (error) => errors.push(error) }).sendTransaction(transaction)).resolves.toBeUndefined()
    expect(errors).toEqual([refused])
    double.failNext('sendTransaction', refused)
    await expect(renderHook().sendTransaction(transaction)).rejects.toBe(refused)
  })
})
