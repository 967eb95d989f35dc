/**
 * Test-only: an embedded Solana wallet's provider holding a real key (@solana/web3.js Keypair), installed as the
 * double's `getSolanaProvider`: the Solana hooks are checked against real ed25519 signatures without the frame.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import type { EmbeddedSolanaProvider, SolanaTransactionLike } from '../../src/core/index.js'
import { encodeBase58 } from '../../src/protocol/index.js'
import type { EmbeddedClientDouble } from './embedded-client.js'

export interface SolanaProviderDouble {
  keypair: Keypair
  address: string
  /** Every provider call: method and options. */
  calls: { method: string; options: unknown }[]
  /** A v0 transfer from the wallet, with a fixed blockhash: what an app hands the hooks. */
  transfer(): VersionedTransaction
}

/** Creates the user's embedded Solana wallet in the double, with the key's address, and installs its provider. */
export async function installSolanaProvider(double: EmbeddedClientDouble): Promise<SolanaProviderDouble> {
  const keypair = Keypair.generate()
  const address = keypair.publicKey.toBase58()
  const created = await double.client.embeddedWallets.create({ chainType: 'solana' })
  double.state.set({ ...double.state.get(), wallets: double.state.get().wallets.map((wallet) => (wallet === created ? { ...wallet, address } : wallet)) })
  const calls: SolanaProviderDouble['calls'] = []
  const sign = <T extends SolanaTransactionLike>(transaction: T): T => ((transaction as unknown as VersionedTransaction).sign([keypair]), transaction)
  const provider: EmbeddedSolanaProvider = {
    address,
    signMessage: async (message, options) => {
      calls.push({ method: 'signMessage', options })
      return { signature: ed25519.sign(typeof message === 'string' ? new TextEncoder().encode(message) : message, keypair.secretKey.slice(0, 32)) }
    },
    signTransaction: async (transaction, options) => (calls.push({ method: 'signTransaction', options }), sign(transaction)),
    signAndSendTransaction: async (transaction, options) => {
      calls.push({ method: 'signAndSendTransaction', options })
      return { signature: encodeBase58((sign(transaction) as unknown as VersionedTransaction).signatures[0]!) }
    },
  }
  double.client.embeddedWallets.getSolanaProvider = async (wanted) => {
    if (wanted !== undefined && wanted !== address) throw new Error(`No Solana wallet ${wanted}`)
    return provider
  }
  const transfer = () =>
    new VersionedTransaction(
      new TransactionMessage({
        payerKey: keypair.publicKey,
        recentBlockhash: encodeBase58(new Uint8Array(32).fill(9)),
        instructions: [SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5000 })],
      }).compileToV0Message(),
    )
  return { keypair, address, calls, transfer }
}

/** True when `transaction`'s first signature is the wallet's over its message. */
export const signedBy = (transaction: VersionedTransaction, keypair: Keypair) =>
  ed25519.verify(transaction.signatures[0]!, transaction.message.serialize(), keypair.publicKey.toBytes())
