import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useSolanaWallets, useWallets, type UseSolanaWalletsResult } from '../index.js'

const appId = 'tessera-test-app-00000051'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

function Probe() {
  const ethereum = useWallets()
  const solana = useSolanaWallets()
  const summary = (wallets: { address: string; chain: string; walletClientType: string; connectorType: string }[]) =>
    wallets.map(({ address, chain, walletClientType, connectorType }) => ({ address, chain, walletClientType, connectorType }))
  return <output>{JSON.stringify({ ready: [ethereum.ready, solana.ready], ethereum: summary(ethereum.wallets), solana: summary(solana.wallets) })}</output>
}
const render = () => JSON.parse(double.render(<Probe />))

describe('useWallets and useSolanaWallets', () => {
  it('list the embedded wallets of each chain from the client state, and are ready once nothing is under way', async () => {
    await double.client.ready
    expect(render()).toEqual({ ready: [true, true], ethereum: [], solana: [] })

    const ethereum = await double.client.embeddedWallets.create()
    const solana = await double.client.embeddedWallets.create({ chainType: 'solana' })
    const embedded = (address: string, chain: string) => ({ address, chain, walletClientType: 'privy', connectorType: 'embedded' })
    expect(render()).toEqual({ ready: [true, true], ethereum: [embedded(ethereum.address, 'ethereum')], solana: [embedded(solana.address, 'solana')] })

    for (const status of ['creating', 'connecting', 'recovering'] as const) {
      double.state.set({ ...double.state.get(), status })
      expect(render().ready).toEqual([false, false])
    }
    double.state.set({ ...double.state.get(), status: 'needs-password' })
    expect(render().ready).toEqual([true, true])
  })

  it("useSolanaWallets().createWallet creates on Solana, passing the HD options on", async () => {
    let hook: UseSolanaWalletsResult | undefined
    function Creator() {
      hook = useSolanaWallets()
      return null
    }
    double.render(<Creator />)
    await hook!.createWallet()
    await hook!.createWallet({ createAdditional: true })
    expect(double.calls.filter((call) => call.method === 'create').map((call) => call.input)).toEqual([
      { chainType: 'solana' },
      { createAdditional: true, chainType: 'solana' },
    ])
    expect(double.state.get().wallets.map((wallet) => [wallet.chainType, wallet.walletIndex])).toEqual([['solana', 0], ['solana', 1]])
  })
})
