import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decodeBase58 } from '../../src/protocol/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { installSolanaProvider, signedBy } from '../test-support/solana-provider.js'
import { useSendTransaction, type UseSolanaSendTransactionResult } from './index.js'

const appId = 'tessera-test-app-00000172'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useSendTransaction (tessera/react/solana)', () => {
  it("signs and sends with the embedded Solana wallet; resolves with the transaction's signature", async () => {
    const wallet = await installSolanaProvider(double)
    const sent: string[] = []
    let hook: UseSolanaSendTransactionResult | undefined
    function Probe() {
      hook = useSendTransaction({ onSuccess: ({ signature }) => sent.push(signature) })
      return null
    }
    double.render(<Probe />)
    const transaction = wallet.transfer()
    const uiOptions = { description: 'Pay the shop' }
    const result = await hook!.sendTransaction({ transaction, uiOptions })
    expect(signedBy(transaction, wallet.keypair)).toBe(true)
    expect(decodeBase58(result!.signature)).toEqual(transaction.signatures[0])
    expect(sent).toEqual([result!.signature])
    expect(wallet.calls).toEqual([{ method: 'signAndSendTransaction', options: { uiOptions } }])
  })

  it('passes sponsor on to the provider (the app pays the fee of a server-managed wallet)', async () => {
    const wallet = await installSolanaProvider(double)
    let hook: UseSolanaSendTransactionResult | undefined
    function Probe() {
      hook = useSendTransaction()
      return null
    }
    double.render(<Probe />)
    await hook!.sendTransaction({ transaction: wallet.transfer(), cluster: 'devnet', sponsor: true })
    expect(wallet.calls).toEqual([{ method: 'signAndSendTransaction', options: { cluster: 'devnet', sponsor: true } }])
  })
})
