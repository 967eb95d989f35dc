/** Server-managed (privy-v2) wallets through the client: created by create-on-login, signing by id, nothing to connect or recover, no recovery to set. */
import { ed25519 } from '@noble/curves/ed25519.js'
import { PublicKey } from '@solana/web3.js'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'

let testbed: EmbeddedTestbed
afterEach(async () => {
  await testbed?.close()
})

async function userWithServerWallets() {
  testbed = await startEmbeddedTestbed({
    serverManaged: true,
    embedded: { ethereum: { create_on_login: 'all-users' }, solana: { create_on_login: 'all-users' } },
  })
  const client = testbed.newClient()
  await testbed.login(client)
  const ready = await embeddedStateWhere(client, (state) => state.status === 'ready' && state.wallets.length === 2)
  return { client, wallets: ready.wallets }
}

const events = () => testbed.frame.calls.map((call) => call.event)

describe('server-managed wallets in the client', () => {
  it('creates both wallets on login as the app config says, each with its wallet API id and recovery method privy-v2', async () => {
    const { wallets } = await userWithServerWallets()
    expect(wallets.map((wallet) => [wallet.chainType, wallet.recoveryMethod, typeof wallet.id])).toEqual([
      ['ethereum', 'privy-v2', 'string'],
      ['solana', 'privy-v2', 'string'],
    ])
    expect(events()).toEqual(['wallet:create', 'solana-wallet:create'])
  })

  it('signs on a new device with no connect and no recovery: every signing request names the wallet by id', async () => {
    const { client: first, wallets } = await userWithServerWallets()
    first.destroy()
    testbed.frame.clearDevice()
    testbed.frame.calls.length = 0

    const client = testbed.newClient()
    await client.ready
    await embeddedStateWhere(client, (state) => state.wallets.length === 2)
    const [ethereum, solana] = wallets
    const { signature } = await client.embeddedWallets.signMessage({ message: 'hello' })
    expect(await verifyMessage({ address: ethereum!.address as `0x${string}`, message: 'hello', signature: signature as `0x${string}` })).toBe(true)
    const provider = await client.embeddedWallets.getSolanaProvider()
    const message = new TextEncoder().encode('hello solana')
    const solanaSignature = await provider.signMessage(message)
    expect(ed25519.verify(solanaSignature.signature, message, new PublicKey(solana!.address).toBytes())).toBe(true)

    expect(events()).toEqual(['rpc', 'rpc'])
    expect(testbed.frame.calls.map((call) => (call.data as { walletId?: string }).walletId)).toEqual([ethereum!.id, solana!.id])
    expect(client.embeddedWallets.getState().status).not.toBe('needs-password')
  })

  it('creates additional wallets (createAdditional, walletIndex) as their own keys on the server, each signing for itself', async () => {
    const { client, wallets } = await userWithServerWallets()
    testbed.frame.calls.length = 0
    const second = await client.embeddedWallets.create({ chainType: 'ethereum', createAdditional: true })
    expect(second).toMatchObject({ chainType: 'ethereum', walletIndex: 1, recoveryMethod: 'privy-v2', entropyId: second.address })
    expect(second.id).not.toBe(wallets[0]!.id)
    const solana = await client.embeddedWallets.create({ chainType: 'solana', walletIndex: 1 })
    expect(solana).toMatchObject({ chainType: 'solana', walletIndex: 1, entropyId: solana.address })
    expect(await client.embeddedWallets.create({ chainType: 'ethereum', walletIndex: 1 })).toMatchObject({ address: second.address })
    expect(events()).toEqual(['wallets:add', 'wallets:add'])

    const { signature } = await client.embeddedWallets.signMessage({ message: 'from the second wallet', address: second.address })
    expect(await verifyMessage({ address: second.address as `0x${string}`, message: 'from the second wallet', signature: signature as `0x${string}` })).toBe(
      true,
    )
    expect((testbed.frame.calls.at(-1)!.data as { walletId?: string }).walletId).toBe(second.id)
    expect(client.embeddedWallets.getState().wallets.map((wallet) => [wallet.chainType, wallet.walletIndex])).toEqual([
      ['ethereum', 0],
      ['ethereum', 1],
      ['solana', 0],
      ['solana', 1],
    ])
  })

  it('refuses setting recovery with unsupported_recovery_method, asking the frame nothing', async () => {
    const { client } = await userWithServerWallets()
    testbed.frame.calls.length = 0
    await expect(client.embeddedWallets.setRecovery({ method: 'user-passcode', password: 'Correct-Horse-9' })).rejects.toMatchObject({
      code: 'unsupported_recovery_method',
    })
    await expect(client.embeddedWallets.setRecovery({ method: 'privy' })).rejects.toMatchObject({ code: 'unsupported_recovery_method' })
    expect(testbed.frame.calls).toEqual([])
  })
})
