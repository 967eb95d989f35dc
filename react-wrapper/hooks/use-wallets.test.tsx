import { ed25519 } from '@noble/curves/ed25519.js'
import { renderToString } from 'react-dom/server'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TesseraClient } from '../../src/core/index.js'
import { TEST_APP_ID } from '../../src/core/test-support/fixtures.js'
import { createTestEthereumWallet } from '../../src/core/wallets/test-support/ethereum-wallet.js'
import { announceEip6963, eip1193Provider, fakePage, registerStandardWallet, standardWallet } from '../../src/core/wallets/test-support/fake-page.js'
import { createTestSolanaWallet } from '../../src/core/wallets/test-support/solana-wallet.js'
import { startWalletsTestbed, type WalletsTestbed } from '../../src/core/wallets/test-support/wallets-testbed.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { TesseraProvider, useSolanaWallets, useWallets, type UseSolanaWalletsResult, type UseWalletsResult } from '../index.js'
import { walletsReady } from './use-wallets.js'

/** The page's client registry (`Symbol.for('tessera.client')`): the provider takes the client a test made there. */
const clientRegistry = () => ((globalThis as Record<symbol, Map<string, TesseraClient>>)[Symbol.for('tessera.client')] ??= new Map())

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
    // A server render never knows the session (it lives in the browser), so it is not ready there.
    expect(render()).toEqual({ ready: [false, false], ethereum: [], solana: [] })
    const ready = () => walletsReady(double.client.getAuth(), double.state.get())
    expect(ready()).toBe(true)

    const ethereum = await double.client.embeddedWallets.create()
    const solana = await double.client.embeddedWallets.create({ chainType: 'solana' })
    const embedded = (address: string, chain: string) => ({ address, chain, walletClientType: 'privy', connectorType: 'embedded' })
    expect(render()).toEqual({ ready: [false, false], ethereum: [embedded(ethereum.address, 'ethereum')], solana: [embedded(solana.address, 'solana')] })

    for (const status of ['creating', 'connecting', 'recovering'] as const) {
      double.state.set({ ...double.state.get(), status })
      expect(ready()).toBe(false)
    }
    double.state.set({ ...double.state.get(), status: 'needs-password' })
    expect(ready()).toBe(true)
  })

  it('useSolanaWallets().createWallet creates on Solana, passing the HD options on', async () => {
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
    expect(double.state.get().wallets.map((wallet) => [wallet.chainType, wallet.walletIndex])).toEqual([
      ['solana', 0],
      ['solana', 1],
    ])
  })
})

describe('connected external wallets in useWallets and useSolanaWallets', () => {
  let testbed: WalletsTestbed
  beforeEach(async () => {
    testbed = await startWalletsTestbed()
  })
  afterEach(async () => {
    clientRegistry().delete(TEST_APP_ID)
    await testbed.close()
  })

  it("list each chain's connected wallets once, with abilities that sign through the wallet itself", async () => {
    const page = fakePage()
    const ethereumKeys = createTestEthereumWallet({ privateKey: generatePrivateKey() })
    const provider = eip1193Provider(ethereumKeys)
    announceEip6963(page, provider, { rdns: 'io.metamask', name: 'MetaMask' })
    const solanaKeys = createTestSolanaWallet()
    registerStandardWallet(page, standardWallet(solanaKeys, { name: 'Phantom' }))
    const client = await testbed.newClient(page)
    clientRegistry().set(TEST_APP_ID, client)
    await client.wallets.connect('io.metamask')
    await client.wallets.connect('Phantom')

    const hooks = {} as { ethereum: UseWalletsResult; solana: UseSolanaWalletsResult }
    function Hooks() {
      hooks.ethereum = useWallets()
      hooks.solana = useSolanaWallets()
      return null
    }
    renderToString(
      <TesseraProvider appId={TEST_APP_ID} apiUrl={testbed.api.url}>
        <Hooks />
      </TesseraProvider>,
    )
    expect(hooks.ethereum.wallets.map((wallet) => [wallet.address, wallet.chain, wallet.connectorType])).toEqual([
      [ethereumKeys.address, 'ethereum', 'injected'],
    ])
    expect(hooks.solana.wallets.map((wallet) => [wallet.address, wallet.chain, wallet.connectorType])).toEqual([
      [solanaKeys.address, 'solana', 'solana_adapter'],
    ])

    const ethereum = hooks.ethereum.wallets[0]!
    if (ethereum.connectorType === 'embedded') throw new Error('expected the external wallet')
    expect(ethereum.meta).toEqual({ name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', id: 'io.metamask' })
    expect(await ethereum.getEthereumProvider()).toBe(provider)
    const message = 'Sign with the listed wallet'
    expect(await verifyMessage({ address: ethereumKeys.address, message, signature: (await ethereum.signMessage(message)).signature as Hex })).toBe(true)

    const solana = hooks.solana.wallets[0]!
    if (solana.connectorType === 'embedded') throw new Error('expected the external wallet')
    const { signature } = await solana.signMessage(message)
    expect(ed25519.verify(signature, new TextEncoder().encode(message), solanaKeys.publicKey)).toBe(true)
  })
})
