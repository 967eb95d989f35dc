import { getBase64EncodedWireTransaction, getTransactionDecoder, type SignatureBytes } from '@solana/kit'
import type { ServerWalletRpcResponse, SolanaCaip2 } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { broadcastFailure } from '../server-wallets/chain-errors.js'
import type { ServerWalletRpcRequest } from '../server-wallets/schemas.js'
import type { SigningDeps } from '../server-wallets/send-ethereum.js'
import { broadcastSolanaTransaction, signSolanaTransaction, solanaClusterOf, solanaRpc } from '../server-wallets/send-solana.js'
import { requireGasSponsorship } from './check-policy.js'
import { releaseSponsoredSpend, reserveSponsoredSpend, utcDay } from './ledger.js'
import { policyMessages, policyViolation, sponsorshipNotEnabled } from './policy-errors.js'
import { loadSolanaFeePayer, type SolanaFeePayer } from './solana-fee-payer.js'
import { checkSolanaPrograms, withFeePayer, type SwappedTransaction } from './solana-fee-payer-swap.js'

type SendRequest = Extract<ServerWalletRpcRequest, { method: 'signAndSendTransaction' }>

/**
 * `signAndSendTransaction` with `sponsor: true` for a server-managed Solana wallet: the app's fee payer takes the
 * fee-payer place, the policy is checked (cluster, programs), the fee is reserved against the user's daily cap, then
 * the wallet (through the signer) and the fee payer sign and the cluster gets it. A transaction not sent gives its
 * reservation back. Answers the transaction's signature.
 */
export async function sendSponsoredSolanaTransaction(ctx: ServerContext, deps: SigningDeps, request: SendRequest): Promise<ServerWalletRpcResponse> {
  const solana = requireGasSponsorship(deps.app).solana
  const clusterName = request.caip2.slice('solana:'.length)
  if (!solana?.clusters.includes(clusterName)) throw policyViolation(policyMessages.cluster(clusterName))
  const cluster = solanaClusterOf(deps.app, request.caip2)
  const feePayer = await loadSolanaFeePayer(ctx.db, ctx.keyEncryptionKeys, deps.app.id)
  if (!feePayer) throw sponsorshipNotEnabled()
  const swapped = withFeePayer(request.params.transaction, deps.wallet.address, feePayer.address)
  checkSolanaPrograms(solana.allowedPrograms, swapped.programs)
  const fee = await feeOf(cluster.rpcUrl, swapped)
  const spendKey = { appId: deps.app.id, userId: deps.wallet.userId, network: request.caip2, day: utcDay(ctx.clock.now()) }
  await reserveSponsoredSpend(ctx.db, spendKey, fee, BigInt(solana.dailyCapPerUserLamports))
  try {
    const signedByWallet = await signSolanaTransaction(deps, { transaction: swapped.wire, encoding: 'base64' })
    const hash = await broadcastSolanaTransaction(cluster.rpcUrl, signedByFeePayer(signedByWallet, swapped, feePayer))
    return { method: 'signAndSendTransaction', data: { hash, caip2: request.caip2 as SolanaCaip2 } }
  } catch (error) {
    // Not sent (or its fate unknown): the reservation goes back; a later retry reserves again.
    await releaseSponsoredSpend(ctx.db, spendKey, fee)
    throw error
  }
}

/** The cluster's fee for the sponsored message (signatures and priority fee); an expired blockhash has none. */
async function feeOf(rpcUrl: string, swapped: SwappedTransaction): Promise<bigint> {
  const message = Buffer.from(swapped.transaction.messageBytes).toString('base64')
  const answer = await solanaRpc(rpcUrl, 'getFeeForMessage', [message, { commitment: 'confirmed' }])
  const value = (answer.result as { value?: unknown } | undefined)?.value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw broadcastFailure(`The transaction was refused by the cluster: ${answer.error ?? 'Blockhash not found'}`)
}

/** The fee payer's signature in its slot, over the very message the wallet signed. */
function signedByFeePayer(signedByWallet: string, swapped: SwappedTransaction, feePayer: SolanaFeePayer): string {
  const transaction = getTransactionDecoder().decode(Buffer.from(signedByWallet, 'base64'))
  if (!Buffer.from(transaction.messageBytes).equals(Buffer.from(swapped.transaction.messageBytes))) throw new Error('The signer changed the message')
  const signature = feePayer.sign(new Uint8Array(transaction.messageBytes)) as SignatureBytes
  return getBase64EncodedWireTransaction({ ...transaction, signatures: { ...transaction.signatures, [feePayer.address]: signature } })
}
