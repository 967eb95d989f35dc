/**
 * Test-only: the wallet API's sponsored Solana send. The app's fee payer takes the fee-payer place of the unsigned
 * transaction the frame forwards, it and the wallet sign, and the bytes go to the cluster over plain JSON-RPC (not
 * through @solana/web3.js's Connection, so a test can see that the host itself sends nothing).
 */
import { Keypair, Transaction, TransactionMessage, VersionedTransaction, type PublicKey } from '@solana/web3.js'
import { callJsonRpc } from '../../../wallets/embedded/json-rpc.js'

export interface SponsoredSolanaSendAsked {
  transaction: string
  caip2: string
}

export function appPaysSolanaFees(rpcUrl: string, feePayer: Keypair = Keypair.generate()) {
  const asked: SponsoredSolanaSendAsked[] = []
  /** `wallet`: the key the wallet API holds for the user's wallet. */
  async function send({ transaction, caip2, wallet }: SponsoredSolanaSendAsked & { wallet: Keypair }): Promise<string> {
    asked.push({ transaction, caip2 })
    const signed = withFeePayer(Buffer.from(transaction, 'base64'), feePayer, wallet)
    return callJsonRpc<string>(rpcUrl, 'sendTransaction', [Buffer.from(signed).toString('base64'), { encoding: 'base64' }])
  }
  return { feePayer, asked, send }
}

function withFeePayer(bytes: Uint8Array, feePayer: Keypair, wallet: Keypair): Uint8Array {
  const signersOf = (keys: PublicKey[], required: number) =>
    [feePayer, wallet].filter((signer) => keys.slice(0, required).some((key) => key.equals(signer.publicKey)))
  if (VersionedTransaction.deserialize(bytes).version === 'legacy') {
    const asked = Transaction.from(bytes)
    const swapped = new Transaction()
    swapped.feePayer = feePayer.publicKey
    swapped.recentBlockhash = asked.recentBlockhash
    swapped.add(...asked.instructions)
    const message = swapped.compileMessage()
    swapped.sign(...signersOf(message.accountKeys, message.header.numRequiredSignatures))
    return swapped.serialize()
  }
  const message = TransactionMessage.decompile(VersionedTransaction.deserialize(bytes).message)
  message.payerKey = feePayer.publicKey
  const swapped = new VersionedTransaction(message.compileToV0Message())
  swapped.sign(signersOf(swapped.message.staticAccountKeys, swapped.message.header.numRequiredSignatures))
  return swapped.serialize()
}
