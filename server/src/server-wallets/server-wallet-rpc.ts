import type { EmbeddedChainType, ServerWalletRpcResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { invalidData } from '../http/api-error.js'
import { hitRateLimit } from '../rate-limit/hit.js'
import { sameAddress } from '../../../src/protocol/same-address.js'
import { WALLET_RPC_PER_APP } from '../wallets/delegated-rpc.js'
import { sendSponsoredEthereumTransaction } from '../sponsorship/sponsored-ethereum-send.js'
import { sendSponsoredSolanaTransaction } from '../sponsorship/sponsored-solana-send.js'
import type { ServerWalletRpcRequest } from './schemas.js'
import { sendEthereumTransaction, signAuthorization7702, type SigningDeps } from './send-ethereum.js'
import { sendSolanaTransaction, signSolanaTransaction } from './send-solana.js'
import type { ServerWalletRecord } from './store.js'

const solanaMethods = new Set<ServerWalletRpcRequest['method']>(['signMessage', 'signTransaction', 'signAndSendTransaction'])
const chainOf = (method: ServerWalletRpcRequest['method']): EmbeddedChainType => (solanaMethods.has(method) ? 'solana' : 'ethereum')

/** The method must sign for this wallet's chain and, when the body names the wallet, name this one. */
function assertForWallet(wallet: ServerWalletRecord, request: ServerWalletRpcRequest): void {
  const chain = chainOf(request.method)
  if (chain !== wallet.chainType || (request.chain_type && request.chain_type !== wallet.chainType)) {
    throw invalidData(`Invalid request body: method: ${request.method} does not sign for a ${wallet.chainType} wallet`)
  }
  if (request.address && !sameAddress(chain, request.address, wallet.address)) throw invalidData('Invalid request body: address: not this wallet')
  if (request.wallet_id && request.wallet_id !== wallet.id) throw invalidData('Invalid request body: wallet_id: not this wallet')
}

/**
 * Runs an authorized request for a server-managed wallet: signing methods go to the signer as they are; sends are
 * filled from and broadcast to the app's chain or cluster named by `caip2`. A sponsored Ethereum send goes as a user
 * operation paid by the app's paymaster (sponsorship/sponsored-send.ts), a sponsored Solana send with the app's fee payer
 * (sponsorship/sponsored-solana-send.ts).
 */
export async function runServerWalletRpc(
  ctx: ServerContext,
  app: AppRecord,
  wallet: ServerWalletRecord,
  request: ServerWalletRpcRequest,
): Promise<ServerWalletRpcResponse> {
  await hitRateLimit(ctx.db, ctx.clock, `wallet-rpc-app:${app.id}`, WALLET_RPC_PER_APP)
  assertForWallet(wallet, request)
  const deps: SigningDeps = { signer: ctx.signer, app, wallet }
  switch (request.method) {
    case 'eth_sendTransaction':
      if (request.sponsor) return sendSponsoredEthereumTransaction(ctx, deps, request)
      return sendEthereumTransaction(deps, request)
    case 'signAndSendTransaction':
      if (request.sponsor) return sendSponsoredSolanaTransaction(ctx, deps, request)
      return sendSolanaTransaction(deps, request)
    case 'eth_sign7702Authorization':
      return signAuthorization7702(deps, request)
    case 'signTransaction':
      return { method: 'signTransaction', data: { signed_transaction: await signSolanaTransaction(deps, request.params), encoding: 'base64' } }
    default: {
      const { address: _address, wallet_id: _walletId, ...signing } = request
      return (await deps.signer.sign({ appId: app.id, keyId: wallet.signerKeyId, request: signing })) as ServerWalletRpcResponse
    }
  }
}
