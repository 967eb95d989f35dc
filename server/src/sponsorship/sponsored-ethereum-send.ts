import type { Address, Hex } from 'viem'
import type { EthereumCaip2, ServerWalletRpcResponse } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { invalidData } from '../http/api-error.js'
import { chainFailure } from '../server-wallets/chain-errors.js'
import type { ServerWalletRpcRequest } from '../server-wallets/schemas.js'
import type { SigningDeps } from '../server-wallets/send-ethereum.js'
import { sendSponsoredTransaction } from './sponsored-send.js'

type SendRequest = Extract<ServerWalletRpcRequest, { method: 'eth_sendTransaction' }>

/** The rpc route's `eth_sendTransaction` with `sponsor: true` for a server-managed wallet: one call, fees paid by the app. */
export async function sendSponsoredEthereumTransaction(ctx: ServerContext, deps: SigningDeps, request: SendRequest): Promise<ServerWalletRpcResponse> {
  const chainId = Number(request.caip2.slice('eip155:'.length))
  const { transaction } = request.params
  if (transaction.chain_id !== undefined && Number(transaction.chain_id) !== chainId)
    throw invalidData('Invalid request body: params.transaction.chain_id: not the chain of caip2')
  if (!transaction.to) throw invalidData('Invalid request body: params.transaction.to: a sponsored send needs a recipient')
  const call = { to: transaction.to as Address, value: BigInt(transaction.value ?? 0), data: (transaction.data ?? '0x') as Hex }
  try {
    const hash = await sendSponsoredTransaction(ctx, { app: deps.app, signer: deps.signer, wallet: deps.wallet, chainId, call })
    return { method: 'eth_sendTransaction', data: { hash, caip2: request.caip2 as EthereumCaip2 } }
  } catch (error) {
    throw chainFailure(error)
  }
}
