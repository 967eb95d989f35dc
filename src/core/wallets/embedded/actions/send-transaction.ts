import { sponsorshipNotSupportedError } from '../../../errors/transaction-errors.js'
import type { EmbeddedWalletsContext } from '../state.js'
import type { EmbeddedWalletsApi } from '../types.js'
import { isServerManaged } from '../wallets-of-user.js'
import { asTransactionFailure } from './as-transaction-failure.js'
import { getEthereumProvider } from './get-ethereum-provider.js'
import { findWallet } from './wallet-lookup.js'

type Params = Parameters<EmbeddedWalletsApi['sendTransaction']>

/** `eth_sendTransaction` through the wallet's provider (and its confirmation), sponsored for server-managed wallets only. */
export async function sendTransaction(
  context: EmbeddedWalletsContext,
  { transaction, address, uiOptions, sponsor, idempotencyKey }: Params[0],
  options?: Params[1],
): Promise<{ hash: string }> {
  // Wallet spec: only server-managed (TEE) wallets are sponsored; the wallet API sends their transactions.
  if (sponsor && !isServerManaged(findWallet(context, 'ethereum', address))) throw sponsorshipNotSupportedError()
  const provider = await getEthereumProvider(context, address)
  return {
    hash: (await provider
      .requestWith({ method: 'eth_sendTransaction', params: [transaction] }, { uiOptions, options, idempotencyKey, sponsor })
      .catch(asTransactionFailure)) as string,
  }
}
