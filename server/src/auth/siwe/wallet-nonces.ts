import { randomBytes } from 'node:crypto'
import type { ServerContext } from '../../context.js'
import { ApiError } from '../../http/api-error.js'

/** How long a wallet sign-in nonce stays usable. */
export const WALLET_NONCE_TTL_MS = 10 * 60 * 1000

export type WalletChainType = 'ethereum' | 'solana'

/** Issues a fresh nonce bound to the app, chain and address (Ethereum addresses lower-cased). */
export async function issueWalletNonce(ctx: ServerContext, appId: string, chainType: WalletChainType, address: string): Promise<string> {
  const nonce = randomBytes(16).toString('hex')
  const now = ctx.clock.now()
  await ctx.db.query('DELETE FROM wallet_nonces WHERE expires_at < $1', [now])
  await ctx.db.query('INSERT INTO wallet_nonces (nonce, app_id, chain_type, address, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    nonce,
    appId,
    chainType,
    address,
    now + WALLET_NONCE_TTL_MS,
  ])
  return nonce
}

/** Spends the nonce in one statement, so of parallel verifications exactly one wins; unknown, spent, expired or foreign → 400. */
export async function consumeWalletNonce(ctx: ServerContext, appId: string, chainType: WalletChainType, address: string, nonce: string): Promise<void> {
  const now = ctx.clock.now()
  const spent = await ctx.db.query(
    `UPDATE wallet_nonces SET consumed_at = $1
     WHERE nonce = $2 AND app_id = $3 AND chain_type = $4 AND address = $5 AND consumed_at IS NULL AND expires_at > $1
     RETURNING nonce`,
    [now, nonce, appId, chainType, address],
  )
  if (spent.length !== 1) throw invalidWalletSignature('Unknown, expired or already used nonce')
}

export const invalidWalletSignature = (detail: string) => new ApiError(400, 'invalid_credentials', detail)
