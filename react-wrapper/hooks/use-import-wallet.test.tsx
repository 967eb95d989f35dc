import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TesseraError } from '../../src/core/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useImportWallet, type UseImportWalletOptions, type UseImportWalletResult } from '../index.js'

const appId = 'tessera-test-app-00000053'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

function renderHook(callbacks: UseImportWalletOptions = {}): UseImportWalletResult {
  let hook: UseImportWalletResult | undefined
  function Probe() {
    hook = useImportWallet(callbacks)
    return null
  }
  double.render(<Probe />)
  return hook!
}

describe('useImportWallet', () => {
  it('imports through the client and reports the imported wallet to onSuccess', async () => {
    const imported: unknown[] = []
    const key = generatePrivateKey()
    const wallet = await renderHook({ onSuccess: (result) => imported.push(result) }).importWallet({ privateKey: key, chainType: 'ethereum' })
    expect(wallet).toMatchObject({ address: privateKeyToAddress(key), imported: true, chainType: 'ethereum' })
    expect(imported).toEqual([wallet])
    // The double records the call without the key.
    expect(double.calls).toEqual([{ method: 'importWallet', input: { chainType: 'ethereum' } }])
  })

  it("hands the core's error to onError, or rejects with it", async () => {
    const refused = new TesseraError({ code: 'embedded_wallet_request_error', shortMessage: 'Invalid private key' })
    const errors: TesseraError[] = []
    double.failNext('importWallet', refused)
    await expect(renderHook({ onError: (error) => errors.push(error) }).importWallet({ privateKey: generatePrivateKey() })).resolves.toBeUndefined()
    expect(errors).toEqual([refused])
    double.failNext('importWallet', refused)
    await expect(renderHook().importWallet({ privateKey: generatePrivateKey() })).rejects.toBe(refused)
  })
})
