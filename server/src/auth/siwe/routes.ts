import type { Hono } from 'hono'
import { getAddress, isAddress, isHex, type Hex } from 'viem'
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
import { requestOrigin } from './message-origin.js'
import { verifySiwe, type VerifiedSiwe } from './verify-siwe.js'
import { assertAppSmartWalletType, smartWalletSignerChains } from '../../smart-wallets/smart-wallet-link.js'
import { walletInit } from './wallet-init.js'
import { limitPerIp } from '../../rate-limit/limit-per-ip.js'
import { mount } from '../../http/mount.js'
import {
  siweAuthenticateRoute,
  siweInitRoute,
  siweLinkRoute,
  siweLinkSmartWalletRoute,
  siweTransferRoute,
  siweUnlinkRoute,
} from '../../../../src/protocol/routes/siwe.js'

const address = safeString(64)
  .refine((value) => isAddress(value, { strict: false }), 'not an Ethereum address')
  .transform((value) => getAddress(value))
const signature = safeString(8192).refine((value): value is Hex => isHex(value), 'not a hex signature')
const message = safeString(8192).min(1)
const clientLabel = safeString(100).nullish()
const initBody = z.object({ address, token: safeString(4096).nullish() })
const linkBody = z.object({ message, signature, chainId: safeString(100).nullish(), walletClientType: clientLabel, connectorType: clientLabel })
const authenticateBody = linkBody.extend({ mode: z.enum(authModes).nullish() })
const smartWalletBody = z.object({ message, signature, smart_wallet_type: safeString(100).min(1), smart_wallet_version: safeString(100).nullish() })
const unlinkBody = z.object({ address })
/** The wallet spec's wallet shape `{nonce, address, ...}`: the nonce alone names the offered account. */
const transferBody = z.object({ nonce: safeString(256), address: address.nullish() })

/** The linked account an Ethereum wallet signature proves: keyed by the checksummed address. */
function walletAccount(siwe: VerifiedSiwe, body: z.infer<typeof linkBody>): VerifiedAccount {
  return {
    type: 'wallet',
    key: siwe.address,
    details: {
      chain_type: 'ethereum',
      chain_id: `eip155:${siwe.chainId}`,
      wallet_client_type: body.walletClientType ?? 'unknown',
      connector_type: body.connectorType ?? 'unknown',
      imported: false,
      delegated: false,
    },
    allowlistIdentifiers: [siwe.address],
    displayName: siwe.address,
  }
}

/** `POST /api/v1/siwe/{init,authenticate,link,link_smart_wallet,unlink,transfer}`: Sign-In with Ethereum (EIP-4361). */
export function mountSiweRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, siweInitRoute, async (c) => {
    const body = await readBody(c, initBody)
    // An app with smart wallets issues nonces for link_smart_wallet even when wallet sign-in is off.
    return walletInit(ctx, c, c.var.app.smartWallets ? null : 'wallet', 'ethereum', body.address.toLowerCase(), body.token)
  })

  mount(app, siweAuthenticateRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'wallet')
    await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    const siwe = await verifySiwe(ctx, app, requestOrigin(c, app), body.message, body.signature as Hex)
    const login = await completeLogin(ctx, app, { method: 'wallet', account: walletAccount(siwe, body), mode: body.mode })
    return c.json(login.body)
  })

  mount(app, siweLinkRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'wallet')
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, linkBody)
    const siwe = await verifySiwe(ctx, app, requestOrigin(c, app), body.message, body.signature as Hex)
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, 'wallet', walletAccount(siwe, body)))
  })

  // Needs the app's smart wallets, not wallet sign-in: an email user links the smart account their embedded wallet owns.
  mount(app, siweLinkSmartWalletRoute, async (c) => {
    const app = c.var.app
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, smartWalletBody)
    assertAppSmartWalletType(app, body.smart_wallet_type)
    const siwe = await verifySiwe(ctx, app, requestOrigin(c, app), body.message, body.signature as Hex, smartWalletSignerChains)
    const account: VerifiedAccount = {
      type: 'smart_wallet',
      key: siwe.address,
      details: { smart_wallet_type: body.smart_wallet_type, ...(body.smart_wallet_version ? { smart_wallet_version: body.smart_wallet_version } : {}) },
      allowlistIdentifiers: [siwe.address],
      displayName: siwe.address,
    }
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, null, account))
  })

  mount(app, siweUnlinkRoute, async (c) => {
    const app = c.var.app
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, unlinkBody)
    return c.json(await unlinkAccount(ctx, app, caller.userId, 'wallet', body.address))
  })

  mount(app, siweTransferRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, transferBody)
    return c.json(await redeemAccountTransfer(ctx, c.var.app.id, caller, body.nonce, ['wallet']))
  })
}
