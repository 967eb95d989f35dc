import { ed25519 } from '@noble/curves/ed25519.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { installSolanaProvider } from '../test-support/solana-provider.js'
import { useSignMessage, type UseSolanaSignMessageResult } from './index.js'

const appId = 'tessera-test-app-00000170'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useSignMessage (tessera/react/solana)', () => {
  it('signs the bytes with the embedded Solana wallet; the signature verifies for its key, and errors reach onError', async () => {
    const wallet = await installSolanaProvider(double)
    const signed: Uint8Array[] = []
    const errors: unknown[] = []
    let hook: UseSolanaSignMessageResult | undefined
    function Probe() {
      hook = useSignMessage({ onSuccess: (signature) => signed.push(signature), onError: (error) => errors.push(error) })
      return null
    }
    double.render(<Probe />)
    const message = new TextEncoder().encode('Hello from Solana')
    const uiOptions = { title: 'Sign in to the shop' }
    const signature = await hook!.signMessage({ message, options: { address: wallet.address, uiOptions } })
    expect(ed25519.verify(signature!, message, wallet.keypair.publicKey.toBytes())).toBe(true)
    expect(signed).toEqual([signature])
    expect(wallet.calls).toEqual([{ method: 'signMessage', options: { uiOptions } }])

    await expect(hook!.signMessage({ message, options: { address: 'another' } })).resolves.toBeUndefined()
    expect(errors).toHaveLength(1)
  })
})
