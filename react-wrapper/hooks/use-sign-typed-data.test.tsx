import { verifyTypedData, type Hex } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useSignTypedData, type UseSignTypedDataResult } from '../index.js'

const appId = 'tessera-test-app-00000054'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

const typedData = {
  domain: { name: 'Tessera', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'Hello' },
} as const

describe('useSignTypedData', () => {
  it('signs EIP-712 data with the primary embedded wallet; the signature verifies', async () => {
    const wallet = await double.client.embeddedWallets.create()
    let hook: UseSignTypedDataResult | undefined
    function Probe() {
      hook = useSignTypedData()
      return null
    }
    double.render(<Probe />)
    const result = await hook!.signTypedData(typedData)
    expect(await verifyTypedData({ ...typedData, address: wallet.address as Hex, signature: result!.signature as Hex })).toBe(true)
    expect(double.calls.at(-1)).toEqual({ method: 'signTypedData', input: { typedData } })

    // The call's uiOptions reach the client's confirmation.
    const uiOptions = { title: 'Sign the mail', isCancellable: true }
    await hook!.signTypedData(typedData, { uiOptions })
    expect(double.calls.at(-1)).toEqual({ method: 'signTypedData', input: { typedData, uiOptions } })
  })
})
