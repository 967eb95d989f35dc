import type { VersionedTransaction } from '@solana/web3.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { installSolanaProvider, signedBy } from '../test-support/solana-provider.js'
import { useSignTransaction, type UseSolanaSignTransactionResult } from './index.js'

const appId = 'tessera-test-app-00000171'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useSignTransaction (tessera/react/solana)', () => {
  it('signs with the embedded Solana wallet on the named cluster, without sending', async () => {
    const wallet = await installSolanaProvider(double)
    let hook: UseSolanaSignTransactionResult | undefined
    function Probe() {
      hook = useSignTransaction()
      return null
    }
    double.render(<Probe />)
    const signed = (await hook!.signTransaction({ transaction: wallet.transfer(), cluster: 'devnet' })) as VersionedTransaction
    expect(signedBy(signed, wallet.keypair)).toBe(true)
    expect(wallet.calls).toEqual([{ method: 'signTransaction', options: { cluster: 'devnet' } }])
  })
})
