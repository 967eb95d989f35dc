import { ed25519 } from '@noble/curves/ed25519.js'
import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../../protocol/base58.js'
import type { SolanaTransactionLike } from '../embedded/types.js'
import { connectedStandardSolanaWallet, type SolanaSigner } from './connected-standard-wallet.js'

const keypair = Keypair.generate()
const address = keypair.publicKey.toBase58()

/** A wallet holding a real key: it signs what it gets and records the options. */
function keySigner() {
  const options: unknown[] = []
  const signer: SolanaSigner = {
    address,
    signMessage: async (message, given) => (options.push(given), { signature: ed25519.sign(message, keypair.secretKey.slice(0, 32)) }),
    async signTransaction<T extends SolanaTransactionLike>(transaction: T, given?: unknown) {
      options.push(given)
      ;(transaction as unknown as VersionedTransaction).sign([keypair])
      return transaction
    },
    async signAndSendTransaction(transaction, given) {
      const signed = await signer.signTransaction(transaction, given)
      return { signature: encodeBase58((signed as unknown as VersionedTransaction).signatures[0]!) }
    },
  }
  return { signer, options }
}

const transferBytes = () =>
  new VersionedTransaction(
    new TransactionMessage({
      payerKey: keypair.publicKey,
      recentBlockhash: encodeBase58(new Uint8Array(32).fill(7)),
      instructions: [SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 })],
    }).compileToV0Message(),
  ).serialize()

describe('a Solana wallet in the wallet-standard byte shape', () => {
  it('signs message and transaction bytes with the wallet; the signatures verify against its key', async () => {
    const { signer, options } = keySigner()
    const wallet = connectedStandardSolanaWallet(address, { name: 'Tessera', icon: null }, async () => signer)
    const message = new TextEncoder().encode('Hello, standard')
    const { signature } = await wallet.signMessage({ message, options: { uiOptions: { title: 'Sign' } } })
    expect(ed25519.verify(signature, message, keypair.publicKey.toBytes())).toBe(true)

    const { signedTransaction } = await wallet.signTransaction({ transaction: transferBytes(), chain: 'solana:devnet' })
    const signed = VersionedTransaction.deserialize(signedTransaction)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), keypair.publicKey.toBytes())).toBe(true)

    const sent = await wallet.signAndSendTransaction({ transaction: transferBytes() })
    expect(sent.signature).toHaveLength(64)
    // The chain picks the cluster; the UI options reach the wallet's confirmation.
    expect(options).toEqual([{ uiOptions: { title: 'Sign' } }, { cluster: 'solana:devnet' }, {}])
  })

  it("passes sponsor on to the wallet's send (the reference's options.sponsor), and refuses it for a sign-only request before the wallet is asked", async () => {
    const { signer, options } = keySigner()
    const wallet = connectedStandardSolanaWallet(address, { name: 'Tessera', icon: null }, async () => signer)
    await wallet.signAndSendTransaction({ transaction: transferBytes(), chain: 'solana:devnet', options: { sponsor: true } })
    expect(options).toEqual([{ cluster: 'solana:devnet', sponsor: true }])
    await expect(wallet.signTransaction({ transaction: transferBytes(), options: { sponsor: true } })).rejects.toMatchObject({ code: 'not_supported' })
    expect(options).toHaveLength(1)
  })

  it('refuses bytes that are not a transaction, before the wallet is asked', async () => {
    const { signer, options } = keySigner()
    const wallet = connectedStandardSolanaWallet(address, { name: 'Tessera', icon: null }, async () => signer)
    await expect(wallet.signTransaction({ transaction: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({
      code: 'invalid_data',
      shortMessage: 'Invalid transaction',
    })
    await expect(wallet.signAndSendTransaction({ transaction: new Uint8Array() })).rejects.toMatchObject({ code: 'invalid_data' })
    expect(options).toEqual([])
  })
})
