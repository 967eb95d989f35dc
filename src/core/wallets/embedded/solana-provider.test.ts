import { ed25519 } from '@noble/curves/ed25519.js'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaLocalnet, type SolanaLocalnet } from '../../../../server/src/test-support/litesvm-rpc.js'
import { embeddedStateWhere, startEmbeddedTestbed, type EmbeddedTestbed } from './test-support/embedded-client.js'

let localnet: SolanaLocalnet
let testbed: EmbeddedTestbed
beforeAll(async () => {
  localnet = await startSolanaLocalnet({ slotMs: 50 })
})
afterAll(async () => {
  await localnet.close()
})
afterEach(async () => {
  await testbed?.close()
})

/** A signed-in user whose Solana wallet was created on login, on an app whose devnet is the local endpoint. */
async function signedInWithSolanaWallet() {
  testbed = await startEmbeddedTestbed({
    embedded: { solana: { create_on_login: 'all-users' } },
    config: { solana_clusters: [{ name: 'devnet', rpc_url: localnet.rpcUrl, block_explorer_url: null }] },
  })
  const client = testbed.newClient()
  await testbed.login(client)
  const { wallets } = await embeddedStateWhere(client, (state) => state.status === 'ready')
  const address = wallets[0]!.address
  localnet.airdrop(address, 2n * BigInt(LAMPORTS_PER_SOL))
  return { client, address, provider: await client.embeddedWallets.getSolanaProvider() }
}

describe('the embedded Solana provider', () => {
  it('signs message bytes with the wallet key, and refuses an empty message', async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const message = new TextEncoder().encode('hello solana')
    const { signature } = await provider.signMessage(message)
    expect(ed25519.verify(signature, message, new PublicKey(address).toBytes())).toBe(true)
    await expect(provider.signMessage(new Uint8Array())).rejects.toMatchObject({ code: 'invalid_message' })
  })

  it('signs and sends a legacy transfer through the cluster RPC, confirmed by polling', async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const to = Keypair.generate().publicKey
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 1_000_000 }))
    const { signature } = await provider.signAndSendTransaction(transaction)
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(1_000_000)
  })

  it('signs a versioned transaction in its signer slot', async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const to = Keypair.generate().publicKey
    const message = new TransactionMessage({
      payerKey: new PublicKey(address),
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 2_000_000 })],
    }).compileToV0Message()
    const signed = await provider.signTransaction(new VersionedTransaction(message))
    expect(ed25519.verify(signed.signatures[0]!, message.serialize(), new PublicKey(address).toBytes())).toBe(true)
    const { signature } = await provider.signAndSendTransaction(signed)
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null })
    expect(await connection.getBalance(to)).toBe(2_000_000)
  })

  it("signs a transaction made by the host page's own copy of @solana/web3.js (not this bundle's classes)", async () => {
    const { provider, address } = await signedInWithSolanaWallet()
    const connection = new Connection(localnet.rpcUrl, 'confirmed')
    const to = Keypair.generate().publicKey
    const transaction = new Transaction({ feePayer: new PublicKey(address), ...(await connection.getLatestBlockhash()) })
      .add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: to, lamports: 3_000_000 }))
    // Another copy's instance: the same shape, but not of this bundle's class.
    const foreign = new Proxy(transaction, { getPrototypeOf: () => Object.prototype })
    expect(foreign instanceof Transaction).toBe(false)
    const signed = await provider.signTransaction(foreign)
    expect(ed25519.verify(signed.signatures[0]!.signature!, signed.serializeMessage(), new PublicKey(address).toBytes())).toBe(true)
    await connection.sendRawTransaction(signed.serialize())
  })
})

