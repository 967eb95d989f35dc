import { p256 } from '@noble/curves/p256'
import { base64 } from '@scure/base'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { authorizationPayload } from '../../src/protocol/index.js'
import { embeddedClientDouble, type EmbeddedClientDouble } from '../test-support/embedded-client.js'
import { useAuthorizationSignature, type UseAuthorizationSignatureResult } from '../index.js'

const appId = 'tessera-test-app-00000171'
let double: EmbeddedClientDouble
beforeEach(() => {
  double = embeddedClientDouble(appId)
})
afterEach(() => double.destroy())

describe('useAuthorizationSignature', () => {
  it("signs the request's canonical form with the user signer: the payload this server verifies for the same request", async () => {
    let hook: UseAuthorizationSignatureResult | undefined
    function Probe() {
      hook = useAuthorizationSignature()
      return null
    }
    double.render(<Probe />)
    const expiresAt = Date.now() + 60_000
    const url = 'https://api.example/api/v1/wallets/wallet-1/rpc'
    const body = { method: 'personal_sign', params: { message: 'hello', encoding: 'utf-8' } }
    const request = { version: 1, method: 'POST', url, body, headers: { 'privy-app-id': appId, 'privy-request-expiry': String(expiresAt) } } as const
    const { signature } = await hook!.generateAuthorizationSignature(request)
    const payload = new TextEncoder().encode(authorizationPayload({ method: 'POST', url, body, appId, expiresAt }))
    expect(p256.verify(base64.decode(signature), payload, p256.getPublicKey(double.userSigner), { prehash: true })).toBe(true)
    expect(double.calls.at(-1)).toEqual({ method: 'generateAuthorizationSignature', input: request })
  })
})
