import { SERVER_WALLET_EXPORT_ENCRYPTION, type ServerWalletExportResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { setServerWalletExported, type ServerWalletRecord } from './store.js'

/**
 * `/wallets/:id/export` once the owner is authorized: the signer seals the key to the caller's P-256 key (HPKE) in its
 * own process, so this process only relays ciphertext; the wallet then records when it was exported.
 */
export async function exportServerWallet(
  ctx: ServerContext,
  app: AppRecord,
  wallet: ServerWalletRecord,
  recipientPublicKey: string,
): Promise<ServerWalletExportResponse> {
  const sealed = await ctx.signer.exportKey({ appId: app.id, keyId: wallet.signerKeyId, recipientPublicKey })
  await setServerWalletExported(ctx.db, wallet, ctx.clock.now())
  return { encryption_type: SERVER_WALLET_EXPORT_ENCRYPTION, ciphertext: sealed.ciphertext, encapsulated_key: sealed.encapsulatedKey }
}
