import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TesseraError } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useImportWallet, type UseSolanaImportWalletResult } from './index.js'

let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble('tessera-test-app-00000175')
})
afterEach(() => double.destroy())

describe('useImportWallet (tessera/react/solana)', () => {
  it("imports the key as a Solana wallet, and reports the client's refusal to onError", async () => {
    const errors: TesseraError[] = []
    let hook: UseSolanaImportWalletResult | undefined
    function Probe() {
      hook = useImportWallet({ onError: (error) => errors.push(error) })
      return null
    }
    double.render(<Probe />)
    // The double refuses Solana imports (the frame's import is covered in src/frame): the hook reports it.
    await expect(hook!.importWallet({ privateKey: '4wBqpZM9xaSheZzJSMawUKKwhdpChKbZ5eu5ky4Vigw' })).resolves.toBeUndefined()
    expect(double.calls).toEqual([{ method: 'importWallet', input: { chainType: 'solana' } }])
    expect(errors.map((error) => error.code)).toEqual(['embedded_wallet_request_error'])
  })
})
