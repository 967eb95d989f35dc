import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hashAuthorization, recoverAuthorizationAddress } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import { signEthereumRequest } from './ethereum-rpc.js'

describe('the frame signs an EIP-7702 authorization', () => {
  it("through secp256k1_sign of the authorization's hash, which viem recovers to the wallet", async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const authorization = { contractAddress: '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B', chainId: 31337, nonce: 3 } as const
    const signature = await signEthereumRequest(account, { method: 'secp256k1_sign', params: [hashAuthorization(authorization)] })
    expect(await recoverAuthorizationAddress({ authorization, signature: signature as Hex })).toBe(account.address)
  })
})
