import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useSessionSigners, type UseSessionSignersResult } from '../index.js'

const appId = 'tessera-test-app-00000172'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useSessionSigners', () => {
  it('adds and removes the session signers of a wallet through the client, which answers the refreshed user', async () => {
    let hook: UseSessionSignersResult | undefined
    function Probe() {
      hook = useSessionSigners()
      return null
    }
    double.render(<Probe />)
    const { address } = await double.client.embeddedWallets.create({ chainType: 'ethereum' })
    const signers = [{ signerId: 'backend1' }]
    const added = await hook!.addSessionSigners({ address, signers })
    expect(added.user.id).toBe('did:privy:double')
    expect(double.calls.at(-1)).toEqual({ method: 'addSessionSigners', input: { address, signers } })
    expect(double.state.get().wallets[0]!.delegated).toBe(true)
    await hook!.removeSessionSigners({ address })
    expect(double.calls.at(-1)).toEqual({ method: 'removeSessionSigners', input: { address } })
    expect(double.state.get().wallets[0]!.delegated).toBe(false)
  })
})
