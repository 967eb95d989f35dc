/** `embeddedWallets.setRecovery` (wallet spec, "States and transitions": "Recovery upgrade rules", "Password wizard") over the stand-in frame. */
import { afterEach, describe, expect, it } from 'vitest'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'

let testbed: EmbeddedTestbed
afterEach(async () => {
  await testbed?.close()
})

async function userWithBothWallets() {
  testbed = await startEmbeddedTestbed()
  const client = testbed.newClient()
  await testbed.login(client)
  await client.embeddedWallets.create({ chainType: 'ethereum' })
  await client.embeddedWallets.create({ chainType: 'solana' })
  testbed.frame.calls.length = 0
  return client
}

const methods = (client: Awaited<ReturnType<typeof userWithBothWallets>>) =>
  client.embeddedWallets.getState().wallets.map((wallet) => [wallet.chainType, wallet.recoveryMethod])

describe('setRecovery', () => {
  it('sets one password on every share set (Ethereum and Solana) and refreshes the wallets from the returned user', async () => {
    const client = await userWithBothWallets()
    const user = await client.embeddedWallets.setRecovery({ method: 'user-passcode', password: 'Correct-Horse-9' })
    expect(methods(client)).toEqual([
      ['ethereum', 'user-passcode'],
      ['solana', 'user-passcode'],
    ])
    expect(user.linkedAccounts.filter((account) => account.type === 'wallet').map((account) => account.type === 'wallet' && account.recoveryMethod)).toEqual([
      'user-passcode',
      'user-passcode',
    ])
    expect(client.getAuth().user).toBe(user)
    const setCalls = testbed.frame.calls.filter((call) => call.event === 'set-recovery').map((call) => call.data as Record<string, unknown>)
    expect(
      setCalls.map(({ entropyIdVerifier, recoveryMethod, recoveryPassword, existingRecoveryMethod }) => ({
        entropyIdVerifier,
        recoveryMethod,
        recoveryPassword,
        existingRecoveryMethod,
      })),
    ).toEqual([
      { entropyIdVerifier: 'ethereum-address-verifier', recoveryMethod: 'user-passcode', recoveryPassword: 'Correct-Horse-9', existingRecoveryMethod: 'privy' },
      { entropyIdVerifier: 'solana-address-verifier', recoveryMethod: 'user-passcode', recoveryPassword: 'Correct-Horse-9', existingRecoveryMethod: 'privy' },
    ])
  })

  it("limits the change to one wallet's share set with `address`, and moves back to automatic recovery", async () => {
    const client = await userWithBothWallets()
    const solana = client.embeddedWallets.getState().wallets.find((wallet) => wallet.chainType === 'solana')!
    await client.embeddedWallets.setRecovery({ method: 'user-passcode', password: 'Correct-Horse-9' }, { address: solana.address })
    expect(methods(client)).toEqual([
      ['ethereum', 'privy'],
      ['solana', 'user-passcode'],
    ])
    await client.embeddedWallets.setRecovery({ method: 'privy' })
    expect(methods(client)).toEqual([
      ['ethereum', 'privy'],
      ['solana', 'privy'],
    ])
    // The Ethereum share set was automatic already: only Solana's was re-shared.
    expect(testbed.frame.calls.filter((call) => call.event === 'set-recovery').map((call) => (call.data as { recoveryMethod: string }).recoveryMethod)).toEqual(
      ['user-passcode', 'privy'],
    )
  })

  it('a new device recovers every password share set with the one password', async () => {
    const first = await userWithBothWallets()
    await first.embeddedWallets.setRecovery({ method: 'user-passcode', password: 'Correct-Horse-9' })
    first.destroy()
    testbed.frame.clearDevice()
    testbed.frame.calls.length = 0

    const client = testbed.newClient()
    await client.ready
    await embeddedStateWhere(client, (state) => state.wallets.length === 2)
    const signing = client.embeddedWallets.signMessage({ message: 'on a new device' })
    await embeddedStateWhere(client, (state) => state.status === 'needs-password')
    await client.embeddedWallets.recover({ password: 'Correct-Horse-9' })
    expect((await signing).signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(
      testbed.frame.calls
        .filter((call) => call.event === 'recover')
        .map((call) => (call.data as { entropyIdVerifier: string }).entropyIdVerifier)
        .sort(),
    ).toEqual(['ethereum-address-verifier', 'solana-address-verifier'])
    expect(client.embeddedWallets.getState()).toMatchObject({ status: 'ready', error: null })
  })

  it('refuses a missing password, an unknown method and an unknown wallet before calling the frame', async () => {
    const client = await userWithBothWallets()
    await expect(client.embeddedWallets.setRecovery({ method: 'user-passcode', password: '' })).rejects.toMatchObject({
      shortMessage: 'Invalid recovery password, must be a string',
    })
    await expect(client.embeddedWallets.setRecovery({ method: 'carrier-pigeon' } as never)).rejects.toMatchObject({
      code: 'unsupported_recovery_method',
      shortMessage: 'Unknown recovery method',
    })
    await expect(client.embeddedWallets.setRecovery({ method: 'privy' }, { address: '0x0000000000000000000000000000000000000001' })).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    })
    expect(testbed.frame.calls).toEqual([])
  })
})
