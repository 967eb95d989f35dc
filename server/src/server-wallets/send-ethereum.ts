import { createPublicClient, http, type PublicClient } from 'viem'
import type { z } from 'zod'
import type { EthereumCaip2, ServerWalletRpcResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { WalletSigner } from '../signer/types.js'
import type { ethereumTransaction } from '../wallet-signing/rpc-request.js'
import { invalidData } from '../http/api-error.js'
import { UPSTREAM_TIMEOUT_MS } from '../rpc/relay-json-rpc.js'
import { chainFailure, unsupportedChain } from './chain-errors.js'
import type { ServerWalletRpcRequest } from './schemas.js'
import type { ServerWalletRecord } from './store.js'

type SendRequest = Extract<ServerWalletRpcRequest, { method: 'eth_sendTransaction' }>
type AuthorizationRequest = Extract<ServerWalletRpcRequest, { method: 'eth_sign7702Authorization' }>
export interface SigningDeps {
  signer: WalletSigner
  app: AppRecord
  wallet: ServerWalletRecord
}

/** The app's chain `chainId` (its settings' RPC), or null when the app does not configure it. */
function chainClient(app: AppRecord, chainId: number): PublicClient | null {
  const chain = app.chains.find((candidate) => candidate.id === chainId)
  return chain ? createPublicClient({ transport: http(chain.rpcUrl, { timeout: UPSTREAM_TIMEOUT_MS, retryCount: 0 }) }) : null
}

const big = (value: string | number | undefined) => (value === undefined ? undefined : BigInt(value))

/** The transaction with what the caller left out filled from the chain: pending nonce, estimated gas, current fees. */
async function filledTransaction(
  client: PublicClient,
  from: `0x${string}`,
  chainId: number,
  tx: SendRequest['params']['transaction'],
): Promise<z.infer<typeof ethereumTransaction>> {
  const call = { account: from, to: tx.to as `0x${string}` | undefined, data: tx.data as `0x${string}` | undefined, value: big(tx.value) }
  const nonce = tx.nonce ?? (await client.getTransactionCount({ address: from, blockTag: 'pending' }))
  const gas = tx.gas_limit ?? (`0x${(await client.estimateGas(call)).toString(16)}` as const)
  const base = { ...tx, from, chain_id: chainId, nonce, gas_limit: gas }
  if (tx.type === 0 || tx.type === 1 || (tx.gas_price !== undefined && tx.max_fee_per_gas === undefined)) {
    return { ...base, type: tx.type ?? 0, gas_price: tx.gas_price ?? `0x${(await client.getGasPrice()).toString(16)}` }
  }
  const fees = tx.max_fee_per_gas === undefined || tx.max_priority_fee_per_gas === undefined ? await client.estimateFeesPerGas() : null
  return {
    ...base,
    type: 2,
    max_fee_per_gas: tx.max_fee_per_gas ?? `0x${fees!.maxFeePerGas.toString(16)}`,
    max_priority_fee_per_gas: tx.max_priority_fee_per_gas ?? `0x${fees!.maxPriorityFeePerGas.toString(16)}`,
  }
}

/** `eth_sendTransaction`: filled from the app's chain named by `caip2`, signed by the signer, broadcast; answers the hash. */
export async function sendEthereumTransaction(deps: SigningDeps, request: SendRequest): Promise<ServerWalletRpcResponse> {
  const chainId = Number(request.caip2.slice('eip155:'.length))
  const client = chainClient(deps.app, chainId)
  if (!client) throw unsupportedChain(request.caip2)
  const { transaction } = request.params
  if (transaction.chain_id !== undefined && Number(transaction.chain_id) !== chainId)
    throw invalidData('Invalid request body: params.transaction.chain_id: not the chain of caip2')
  try {
    const filled = await filledTransaction(client, deps.wallet.address as `0x${string}`, chainId, transaction)
    const signed = await deps.signer.sign({
      appId: deps.app.id,
      keyId: deps.wallet.signerKeyId,
      request: { method: 'eth_signTransaction', params: { transaction: filled } },
    })
    if (signed.method !== 'eth_signTransaction') throw new Error('The signer answered another method')
    const hash = await client.sendRawTransaction({ serializedTransaction: signed.data.signed_transaction })
    return { method: 'eth_sendTransaction', data: { hash, caip2: request.caip2 as EthereumCaip2 } }
  } catch (error) {
    throw chainFailure(error)
  }
}

/** EIP-7702: the signer signs the authorization; the account's nonce comes from the app's chain when left out. */
export async function signAuthorization7702(deps: SigningDeps, request: AuthorizationRequest): Promise<ServerWalletRpcResponse> {
  const { contract, chain_id: chainId } = request.params
  let nonce = request.params.nonce
  if (nonce === undefined) {
    const client = chainClient(deps.app, Number(chainId))
    if (!client) throw invalidData('Invalid request body: params.nonce: required for a chain the app does not configure')
    nonce = await client.getTransactionCount({ address: deps.wallet.address as `0x${string}` }).catch((error: unknown) => {
      throw chainFailure(error)
    })
  }
  return deps.signer.sign({
    appId: deps.app.id,
    keyId: deps.wallet.signerKeyId,
    request: { method: 'eth_sign7702Authorization', params: { contract, chain_id: chainId, nonce } },
  })
}
