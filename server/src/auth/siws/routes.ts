import type { Hono, Context } from 'hono'
import { z } from 'zod'
import { authModes } from '../../../../src/protocol/index.js'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { redeemAccountTransfer } from '../shared/account-transfer.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import type { VerifiedAccount } from '../shared/verified-account.js'
import { requestOrigin } from '../siwe/message-origin.js'
import { walletInit } from '../siwe/wallet-init.js'
import { decodeBase58 } from '../../../../src/protocol/index.js'
import { verifySiws } from './verify-siws.js'
import { limitPerIp } from '../../rate-limit/limit-per-ip.js'
import { mount } from '../../http/mount.js'
import { siwsAuthenticateRoute, siwsInitRoute, siwsLinkRoute, siwsTransferRoute, siwsUnlinkRoute } from '../../../../src/protocol/routes/siws.js'

const address = safeString(64).refine((value) => decodeBase58(value)?.length === 32, 'not a Solana address')
const clientLabel = safeString(100).nullish()
const initBody = z.object({ address, token: safeString(4096).nullish() })
const linkBody = z.object({
  message: safeString(8192).min(1),
  // A 64-byte signature, or with message_type 'transaction' a whole signed memo transaction.
  signature: safeString(4096).min(1),
  walletClientType: clientLabel,
  connectorType: clientLabel,
  message_type: z.enum(['plain', 'transaction']).nullish(),
})
const authenticateBody = linkBody.extend({ mode: z.enum(authModes).nullish() })
const unlinkBody = z.object({ address })
/** The wallet spec's wallet shape `{nonce, address, ...}`: the nonce alone names the offered account. */
const transferBody = z.object({ nonce: safeString(256), address: address.nullish() })

/** Verifies the signed message (plain, or carried in a memo transaction) and returns the wallet account it proves. */
async function verifiedSolanaWallet(ctx: ServerContext, c: Context<AppEnv>, body: z.infer<typeof linkBody>): Promise<VerifiedAccount> {
  const app = c.var.app
  const walletAddress = await verifySiws(ctx, app, requestOrigin(c, app), body.message, body.signature, body.message_type ?? 'plain')
  return {
    type: 'wallet',
    key: walletAddress,
    details: {
      chain_type: 'solana',
      wallet_client_type: body.walletClientType ?? 'unknown',
      connector_type: body.connectorType ?? 'unknown',
      imported: false,
      delegated: false,
    },
    allowlistIdentifiers: [walletAddress],
    displayName: walletAddress,
  }
}

/** `POST /api/v1/siws/{init,authenticate,link,unlink,transfer}`: Sign-In with Solana. */
export function mountSiwsRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, siwsInitRoute, async (c) => {
    const body = await readBody(c, initBody)
    return walletInit(ctx, c, 'solana_wallet', 'solana', body.address, body.token)
  })

  mount(app, siwsAuthenticateRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'solana_wallet')
    await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    const account = await verifiedSolanaWallet(ctx, c, body)
    const login = await completeLogin(ctx, app, { method: 'solana_wallet', account, mode: body.mode })
    return c.json(login.body)
  })

  mount(app, siwsLinkRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'solana_wallet')
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, linkBody)
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, 'solana_wallet', await verifiedSolanaWallet(ctx, c, body)))
  })

  mount(app, siwsUnlinkRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, unlinkBody)
    return c.json(await unlinkAccount(ctx, c.var.app, caller.userId, 'wallet', body.address))
  })

  mount(app, siwsTransferRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, transferBody)
    return c.json(await redeemAccountTransfer(ctx, c.var.app.id, caller, body.nonce, ['wallet']))
  })
}
