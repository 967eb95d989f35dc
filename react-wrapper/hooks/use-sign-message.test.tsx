import { verifyMessage, type Hex } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TesseraError } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useSignMessage, type UseSignMessageOptions, type UseSignMessageResult } from '../index.js'

const appId = 'tessera-test-app-00000053'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

function renderHook(callbacks: UseSignMessageOptions = {}): UseSignMessageResult {
  let hook: UseSignMessageResult | undefined
  function Probe() {
    hook = useSignMessage(callbacks)
    return null
  }
  double.render(<Probe />)
  return hook!
}

describe('useSignMessage', () => {
  it('signs with the chosen embedded wallet; the signature verifies for its address', async () => {
    await double.client.embeddedWallets.create()
    const second = await double.client.embeddedWallets.create({ createAdditional: true })
    const signatures: string[] = []
    const { signMessage } = renderHook({ onSuccess: ({ signature }) => signatures.push(signature) })
    const result = await signMessage({ message: 'Hello from the hooks' }, { address: second.address })
    expect(await verifyMessage({ address: second.address as Hex, message: 'Hello from the hooks', signature: result!.signature as Hex })).toBe(true)
    expect(signatures).toEqual([result!.signature])
    expect(double.calls.at(-1)).toEqual({ method: 'signMessage', input: { message: 'Hello from the hooks', address: second.address } })

    // The call's uiOptions reach the client's confirmation.
    const uiOptions = { title: 'Sign in to the shop', buttonText: 'Sign', showWalletUIs: true }
    await signMessage({ message: 'with options' }, { uiOptions })
    expect(double.calls.at(-1)).toEqual({ method: 'signMessage', input: { message: 'with options', uiOptions } })
  })

  it('reports a failure to onError, or rejects', async () => {
    const errors: TesseraError[] = []
    await expect(renderHook({ onError: (error) => errors.push(error) }).signMessage({ message: 'x' })).resolves.toBeUndefined()
    expect(errors.map((error) => error.code)).toEqual(['wallet_not_on_device'])
    await expect(renderHook().signMessage({ message: 'x' })).rejects.toMatchObject({ code: 'wallet_not_on_device' })
  })
})
