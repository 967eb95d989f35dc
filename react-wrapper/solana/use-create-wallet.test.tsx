import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useCreateWallet, type UseSolanaCreateWalletResult } from './index.js'

let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble('tessera-test-app-00000174')
})
afterEach(() => double.destroy())

describe('useCreateWallet (tessera/react/solana)', () => {
  it('creates Solana wallets, the first and then an additional one, and answers { wallet }', async () => {
    let hook: UseSolanaCreateWalletResult | undefined
    function Probe() {
      hook = useCreateWallet()
      return null
    }
    double.render(<Probe />)
    const first = await hook!.createWallet()
    const second = await hook!.createWallet({ createAdditional: true })
    expect([first!.wallet.chainType, first!.wallet.walletIndex, second!.wallet.walletIndex]).toEqual(['solana', 0, 1])
    expect(double.calls.map((call) => call.input)).toEqual([{ chainType: 'solana' }, { createAdditional: true, chainType: 'solana' }])
  })
})
