import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useConnectOrCreateWallet } from '../index.js'
import { connectOrCreateWallet } from './use-connect-or-create-wallet.js'

const appId = 'tessera-test-app-00000054'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useConnectOrCreateWallet', () => {
  it("opens the modal's connect-or-create intent and reports the embedded wallet made through it, not one made before", async () => {
    await double.client.embeddedWallets.create({ chainType: 'ethereum' })
    const opened: number[] = []
    const succeeded: unknown[] = []
    connectOrCreateWallet(double.client, null, () => opened.push(1), { succeeded: (wallet) => succeeded.push(wallet), exited: () => succeeded.push('exited') })
    expect(opened).toEqual([1])
    await double.client.embeddedWallets.create({ chainType: 'solana' })
    expect(succeeded).toEqual([])
    const created = await double.client.embeddedWallets.create({ chainType: 'ethereum', createAdditional: true })
    await double.client.embeddedWallets.create({ chainType: 'ethereum', createAdditional: true })
    expect(succeeded).toEqual([created])
  })

  it('hands the wallet the modal created to onSuccess', async () => {
    const succeeded: unknown[] = []
    let start: (() => void) | null = null
    function Probe() {
      start = useConnectOrCreateWallet({ onSuccess: ({ wallet }) => void succeeded.push(wallet) }).connectOrCreateWallet
      return null
    }
    double.render(<Probe />)
    start!()
    // What the modal's 'Create a new wallet' calls.
    const created = await double.client.embeddedWallets.create({ chainType: 'ethereum' })
    expect(succeeded).toEqual([created])
    expect(created).toMatchObject({ chainType: 'ethereum', connectorType: 'embedded' })
  })
})
