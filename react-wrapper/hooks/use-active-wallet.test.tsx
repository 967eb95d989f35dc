import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { activeWalletOf } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { getEmbeddedConnectedWallet, useActiveWallet, useSolanaWallets, useWallets, type UseActiveWalletResult } from '../index.js'

const appId = 'tessera-test-app-00000160'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => {
  activeWalletOf(appId).set(null)
  double.destroy()
})

let hook: UseActiveWalletResult | undefined
function Probe() {
  hook = useActiveWallet()
  const embedded = [getEmbeddedConnectedWallet(useWallets().wallets)?.address, getEmbeddedConnectedWallet(useSolanaWallets().wallets)?.address]
  return <output>{JSON.stringify({ active: hook.wallet && [hook.wallet.chain, hook.wallet.address], embedded })}</output>
}
const render = () => JSON.parse(double.render(<Probe />))

describe('useActiveWallet', () => {
  it('is the primary embedded wallet until the app chooses another, keeps the choice, and falls back when it is gone', async () => {
    expect(render()).toEqual({ embedded: [null, null] })
    const ethereum = await double.client.embeddedWallets.create()
    const solana = await double.client.embeddedWallets.create({ chainType: 'solana' })
    expect(render()).toEqual({ active: ['ethereum', ethereum.address], embedded: [ethereum.address, solana.address] })

    hook!.setActiveWallet({ address: solana.address, chain: 'solana' })
    expect(render().active).toEqual(['solana', solana.address])
    // The choice lives in the app's store (storage-backed, see active-wallet.test.ts), not in the component.
    expect(activeWalletOf(appId).get()).toEqual({ address: solana.address, chain: 'solana' })

    // A chosen wallet the user no longer has gives way to the embedded one.
    hook!.setActiveWallet({ address: 'gone', chain: 'ethereum' })
    expect(render().active).toEqual(['ethereum', ethereum.address])
  })
})

describe('getEmbeddedConnectedWallet', () => {
  it('finds the embedded wallet of a list, or null', () => {
    const external = { address: '0xexternal', connectorType: 'injected' }
    const embedded = { address: '0xembedded', connectorType: 'embedded' }
    expect(getEmbeddedConnectedWallet([external, embedded])).toBe(embedded)
    expect(getEmbeddedConnectedWallet([external])).toBeNull()
  })
})
