import type { ServerWalletRawSignResponse } from '../../../src/protocol/index.js'
import type { AppRecord } from '../apps/types.js'
import type { ServerContext } from '../context.js'
import { runServerWalletRpc } from './server-wallet-rpc.js'
import type { ServerWalletRecord } from './store.js'

/**
 * `/wallets/:id/raw_sign` (the reference's `WalletRawSign`): the hash signed on the wallet's own curve, no prefix,
 * as hex. Ethereum: secp256k1 r‖s‖v (65 bytes, `secp256k1_sign`); Solana: the Ed25519 signature of the 32 bytes.
 */
export async function rawSign(ctx: ServerContext, app: AppRecord, wallet: ServerWalletRecord, hash: `0x${string}`): Promise<ServerWalletRawSignResponse> {
  if (wallet.chainType === 'ethereum') {
    const signed = await runServerWalletRpc(ctx, app, wallet, { method: 'secp256k1_sign', params: { hash } })
    return { data: { signature: (signed.data as { signature: `0x${string}` }).signature, encoding: 'hex' } }
  }
  const message = Buffer.from(hash.slice(2), 'hex').toString('base64')
  const signed = await runServerWalletRpc(ctx, app, wallet, { method: 'signMessage', params: { message, encoding: 'base64' } })
  return { data: { signature: `0x${Buffer.from((signed.data as { signature: string }).signature, 'base64').toString('hex')}`, encoding: 'hex' } }
}
