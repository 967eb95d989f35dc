import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useRecoverEmbeddedWallet, type UseRecoverEmbeddedWalletResult } from '../index.js'

const appId = 'tessera-test-app-00000162'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

function renderHooks() {
  const hooks = {} as { recovery: UseRecoverEmbeddedWalletResult }
  function Probe() {
    hooks.recovery = useRecoverEmbeddedWallet()
    return null
  }
  double.render(<Probe />)
  return hooks
}

describe('useRecoverEmbeddedWallet', () => {
  it("passes the recovery to the client's recover, and rejects with its error", async () => {
    const received: unknown[] = []
    double.client.embeddedWallets.recover = async (input) => void received.push(input)
    const { recovery } = renderHooks()
    await recovery.recover({ password: 'correct horse' })
    await recovery.recover({ method: 'google-drive' })
    expect(received).toEqual([{ password: 'correct horse' }, { method: 'google-drive' }])

    double.client.embeddedWallets.recover = async () =>
      Promise.reject(Object.assign(new Error('Invalid recovery password'), { code: 'invalid_recovery_password' }))
    await expect(renderHooks().recovery.recover({ password: 'wrong' })).rejects.toMatchObject({ code: 'invalid_recovery_password' })
  })
})
