/** Wallet spec, "The calls it makes": `POST /api/v1/wallets/revoke` (empty body) ends every delegated wallet of the signed-in user. */
import { delegationRoutes, type RevokeWalletsResponse } from '../../protocol/index.js'
import type { Transport } from './transport.js'

export function revokeDelegatedWallets(transport: Transport): Promise<RevokeWalletsResponse> {
  return transport.request(delegationRoutes.revoke, { body: {}, auth: true })
}
