import type { ServerWalletRpcResponse, SolanaCaip2 } from '../../../src/protocol/index.js'
import { UPSTREAM_TIMEOUT_MS } from '../rpc/relay-json-rpc.js'
import { broadcastFailure, chainUnreachable, unsupportedChain } from './chain-errors.js'
import type { ServerWalletRpcRequest } from './schemas.js'
import type { SigningDeps } from './send-ethereum.js'
import type { AppRecord, SolanaClusterSettings } from '../apps/types.js'

type SendRequest = Extract<ServerWalletRpcRequest, { method: 'signAndSendTransaction' }>

/** Solana `signTransaction` through the signer: the wallet's signature put in the transaction's place for it. */
export async function signSolanaTransaction(deps: SigningDeps, params: SendRequest['params']): Promise<string> {
  const signed = await deps.signer.sign({
    appId: deps.app.id,
    keyId: deps.wallet.signerKeyId,
    request: { method: 'signTransaction', chain_type: 'solana', params },
  })
  if (signed.method !== 'signTransaction') throw new Error('The signer answered another method')
  return signed.data.signed_transaction
}

/** One JSON-RPC call to a cluster: its result, or its error's message (cut short); unreachable is 503. */
export async function solanaRpc(rpcUrl: string, method: string, params: unknown[]): Promise<{ result?: unknown; error?: string }> {
  let answer: { result?: unknown; error?: { message?: unknown } }
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    answer = (await response.json()) as typeof answer
  } catch {
    throw chainUnreachable()
  }
  if (answer.error === undefined) return { result: answer.result }
  return { error: typeof answer.error?.message === 'string' ? answer.error.message.slice(0, 300) : 'no answer' }
}

/** JSON-RPC `sendTransaction` to the cluster; its answer is the transaction's signature (base58), the Solana hash. */
export async function broadcastSolanaTransaction(rpcUrl: string, signedTransaction: string): Promise<string> {
  const answer = await solanaRpc(rpcUrl, 'sendTransaction', [signedTransaction, { encoding: 'base64', preflightCommitment: 'confirmed' }])
  if (typeof answer.result === 'string') return answer.result
  throw broadcastFailure(`The transaction was refused by the cluster: ${answer.error ?? 'no answer'}`)
}

/** The app's cluster `caip2` names (`solana:<cluster name>`). */
export function solanaClusterOf(app: AppRecord, caip2: string): SolanaClusterSettings {
  const cluster = app.solanaClusters.find((candidate) => `solana:${candidate.name}` === caip2)
  if (!cluster) throw unsupportedChain(caip2)
  return cluster
}

/** `signAndSendTransaction`: signed by the signer, sent to the app's cluster named by `caip2` (`solana:<cluster name>`). */
export async function sendSolanaTransaction(deps: SigningDeps, request: SendRequest): Promise<ServerWalletRpcResponse> {
  const cluster = solanaClusterOf(deps.app, request.caip2)
  const hash = await broadcastSolanaTransaction(cluster.rpcUrl, await signSolanaTransaction(deps, request.params))
  return { method: 'signAndSendTransaction', data: { hash, caip2: request.caip2 as SolanaCaip2 } }
}
