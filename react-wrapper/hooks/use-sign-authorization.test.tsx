import { recoverAuthorizationAddress } from 'viem/utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useSign7702Authorization, useSignAuthorization, type UseSignAuthorizationResult } from '../index.js'

const appId = 'tessera-test-app-00000163'
const contractAddress = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useSign7702Authorization', () => {
  it('signs with the chosen embedded wallet; viem recovers its address from the authorization', async () => {
    await double.client.embeddedWallets.create()
    const second = await double.client.embeddedWallets.create({ createAdditional: true })
    let hook: UseSignAuthorizationResult | undefined
    function Probe() {
      hook = useSign7702Authorization()
      return null
    }
    double.render(<Probe />)
    const authorization = await hook!.signAuthorization({ contractAddress, chainId: 31337, nonce: 2 }, { address: second.address })
    expect(authorization).toMatchObject({ address: contractAddress, chainId: 31337, nonce: 2 })
    expect(await recoverAuthorizationAddress({ authorization: authorization! })).toBe(second.address)
    expect(double.calls.at(-1)).toEqual({ method: 'signAuthorization', input: { address: second.address, contractAddress, chainId: 31337, nonce: 2 } })
    expect(useSignAuthorization).toBe(useSign7702Authorization)
  })
})
