import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TesseraError } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useCreateWallet, type UseCreateWalletOptions, type UseCreateWalletResult } from '../index.js'

const appId = 'tessera-test-app-00000052'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

function renderHook(callbacks: UseCreateWalletOptions = {}): UseCreateWalletResult {
  let hook: UseCreateWalletResult | undefined
  function Probe() {
    hook = useCreateWallet(callbacks)
    return null
  }
  double.render(<Probe />)
  return hook!
}

describe('useCreateWallet', () => {
  it('creates through the client (Ethereum by default) and reports the wallet to onSuccess', async () => {
    const created: unknown[] = []
    const { createWallet } = renderHook({ onSuccess: (wallet) => created.push(wallet) })
    const wallet = await createWallet()
    expect(wallet).toMatchObject({ chainType: 'ethereum', walletIndex: 0, walletClientType: 'privy', connectorType: 'embedded' })
    expect(double.accounts.has(wallet!.address)).toBe(true)
    await createWallet({ chainType: 'ethereum', createAdditional: true })
    expect(created).toEqual(double.state.get().wallets)
    expect(double.calls.map((call) => call.input)).toEqual([{}, { chainType: 'ethereum', createAdditional: true }])
  })

  it("hands the core's error to onError, or rejects with it", async () => {
    const refused = new TesseraError({ code: 'embedded_wallet_already_exists', shortMessage: 'User already has an embedded wallet.' })
    const errors: TesseraError[] = []
    double.failNext('create', refused)
    await expect(renderHook({ onError: (error) => errors.push(error) }).createWallet()).resolves.toBeUndefined()
    expect(errors).toEqual([refused])
    double.failNext('create', refused)
    await expect(renderHook().createWallet()).rejects.toBe(refused)
  })
})
