import type { Hex } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import type { EthereumFrameRequest } from '../../../protocol/index.js'
import { signAuthorization } from './sign-authorization.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'

const contractAddress = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'

let testbed: EmbeddedTestbed | undefined
afterEach(async () => {
  await testbed?.close()
  testbed = undefined
})

describe('signAuthorization (EIP-7702)', () => {
  it("is signed by the embedded wallet in the frame: viem recovers the wallet's address from it", async () => {
    testbed = await startEmbeddedTestbed({ embedded: { ethereum: { create_on_login: 'all-users' } } })
    const client = testbed.newClient()
    await testbed.login(client)
    const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
    const authorization = await client.embeddedWallets.signAuthorization({ contractAddress, chainId: 31337, nonce: 7 })
    expect(authorization).toMatchObject({ address: contractAddress, chainId: 31337, nonce: 7 })
    expect(await recoverAuthorizationAddress({ authorization })).toBe(wallets[0]!.address)
    // The frame signed the authorization's hash: the key never left it.
    expect(testbed.frame.calls.at(-1)).toMatchObject({ event: 'rpc', data: { chainType: 'ethereum', request: { method: 'secp256k1_sign' } } })
  })

  it("defaults the chain to the wallet's and the nonce to its next transaction's (one more when the wallet sends it itself)", async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const asked: unknown[] = []
    const deps = {
      provider: {
        address: account.address,
        getChainId: () => 8453,
        request: async (request: { method: string; params?: unknown }) => (asked.push(request), '0x4'),
      },
      sign: async (request: EthereumFrameRequest) => account.sign({ hash: request.params[0] as Hex }),
    }
    const signed = await signAuthorization(deps, { contractAddress })
    expect(signed).toMatchObject({ chainId: 8453, nonce: 4 })
    expect(asked).toEqual([{ method: 'eth_getTransactionCount', params: [account.address, 'pending'] }])
    expect(await recoverAuthorizationAddress({ authorization: signed })).toBe(account.address)
    expect(await signAuthorization(deps, { contractAddress, executor: 'self' })).toMatchObject({ nonce: 5 })
  })

  it('refuses a contract address that is not one, before anything is signed', async () => {
    const deps = {
      provider: { address: '0x0', getChainId: () => 1, request: async () => '0x0' },
      sign: async () => {
        throw new Error('must not sign')
      },
    }
    await expect(signAuthorization(deps, { contractAddress: '0x1234' as Hex, chainId: 1, nonce: 0 })).rejects.toMatchObject({ code: 'invalid_data' })
  })
})
