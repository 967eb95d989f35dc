import { parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerializedEIP1559 } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useSignTransaction, type UseSignTransactionResult } from '../index.js'

const appId = 'tessera-test-app-00000055'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useSignTransaction', () => {
  it('signs with the embedded wallet: the signed transaction carries the request and recovers to the wallet', async () => {
    const wallet = await double.client.embeddedWallets.create()
    let hook: UseSignTransactionResult | undefined
    function Probe() {
      hook = useSignTransaction()
      return null
    }
    double.render(<Probe />)
    const to = `0x${'42'.repeat(20)}`
    const transaction = { to, value: '0x38d7ea4c68000', chainId: 31337, nonce: 0, gas: '0x5208', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' }
    const { signature } = (await hook!.signTransaction(transaction, { address: wallet.address }))!
    const parsed = parseTransaction(signature as Hex)
    expect(parsed).toMatchObject({ to, value: 1_000_000_000_000_000n, chainId: 31337 })
    expect(await recoverTransactionAddress({ serializedTransaction: signature as TransactionSerializedEIP1559 })).toBe(wallet.address)

    // The call's uiOptions reach the client's confirmation.
    const uiOptions = { title: 'Sign the order', buttonText: 'Sign', showWalletUIs: true }
    await hook!.signTransaction(transaction, { uiOptions })
    expect(double.calls.at(-1)).toEqual({ method: 'signTransaction', input: { transaction, uiOptions } })
  })
})
