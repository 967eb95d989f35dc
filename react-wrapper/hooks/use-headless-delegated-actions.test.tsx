import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useHeadlessDelegatedActions, type UseHeadlessDelegatedActionsResult } from '../index.js'

const appId = 'tessera-test-app-00000161'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

function renderHooks() {
  const hooks = {} as { delegated: UseHeadlessDelegatedActionsResult }
  function Probe() {
    hooks.delegated = useHeadlessDelegatedActions()
    return null
  }
  double.render(<Probe />)
  return hooks
}

describe('useHeadlessDelegatedActions', () => {
  it('delegates and revokes through the client at once, with no modal', async () => {
    const wallet = await double.client.embeddedWallets.create()
    const { delegated } = renderHooks()
    await delegated.delegateWallet({ address: wallet.address, chainType: 'ethereum' })
    expect(double.state.get().wallets.map((each) => each.delegated)).toEqual([true])
    await delegated.revokeWallets()
    expect(double.state.get().wallets.map((each) => each.delegated)).toEqual([false])
    expect(double.calls.map((call) => call.method)).toEqual(['create', 'delegateWallet', 'revokeWallets'])
  })
})
