import type { Context } from 'hono'
import type { LoginMethod } from '../../apps/types.js'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import type { ServerContext } from '../../context.js'
import { requireClientIp } from '../../http/client-ip.js'
import type { AppEnv } from '../../http/env.js'
import { hitRateLimit } from '../../rate-limit/hit.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { issueWalletNonce, type WalletChainType } from './wallet-nonces.js'

/** `init` of SIWE and SIWS: method on, per-IP limit (nonces are stored), CAPTCHA, then a nonce bound to the address. */
export async function walletInit(
  ctx: ServerContext,
  c: Context<AppEnv>,
  method: LoginMethod | null,
  chainType: WalletChainType,
  address: string,
  token: string | null | undefined,
) {
  const app = c.var.app
  // Null: a nonce for linking a smart wallet, which needs no login method (authenticate still checks its own).
  if (method) assertLoginMethodEnabled(app, method)
  const ip = requireClientIp(c, ctx.trustProxy)
  await hitRateLimit(ctx.db, ctx.clock, `wallet-init-ip:${ip}`, ctx.rateLimits.initPerIp)
  await assertCaptcha(ctx, app, token, ip)
  return c.json({ nonce: await issueWalletNonce(ctx, app.id, chainType, address) })
}
