/** Wallet spec, "The calls it makes": one server-managed wallet (`GET|PATCH /api/v1/wallets/:wallet_id`) with the session. */
import { routePath, walletApiRoutes, type UpdateServerWalletBody } from '../../protocol/index.js'
import type { Transport } from './transport.js'

export function serverWalletApi(transport: Transport) {
  return {
    getWallet: (walletId: string) => transport.request(walletApiRoutes.get, { params: { wallet_id: walletId }, auth: true }),
    updateUrl: (walletId: string) => `${transport.apiUrl}${routePath(walletApiRoutes.update, { wallet_id: walletId })}`,
    // Sent once: the server accepts a signed request once, so a retry could only be refused as a replay.
    updateWallet: (walletId: string, body: UpdateServerWalletBody, authorization: Record<string, string>) =>
      transport.request(walletApiRoutes.update, { params: { wallet_id: walletId }, body, auth: true, headers: authorization, retry: false }),
  }
}
