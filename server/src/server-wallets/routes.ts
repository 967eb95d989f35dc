import type { Context } from 'hono'
import type { Hono } from 'hono'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  REQUEST_EXPIRY_HEADER,
  type ServerWallet,
  type ServerWalletExportResponse,
  type ServerWalletList,
  type ServerWalletRawSignResponse,
  type ServerWalletRpcResponse,
  walletApiRoutes,
} from '../../../src/protocol/index.js'
import { publicOrigin } from '../auth/oauth/public-origin.js'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/types.js'
import type { ApiError } from '../http/api-error.js'
import type { AppEnv } from '../http/env.js'
import { readBody } from '../http/read-body.js'
import { readQuery } from '../http/read-query.js'
import { requireAppSecret } from '../http/require-app-secret.js'
import { requireMfaCaller } from '../mfa/require-fresh-mfa.js'
import { bearerToken, requireAccess, verifyLiveAccess } from '../sessions/authenticate-request.js'
import { hitKeyMaterialRateLimits } from '../wallets/key-material-rate-limit.js'
import { reauthenticationRequired } from '../wallets/require-fresh-proof.js'
import { canonicalAddress } from '../wallets/schemas.js'
import { assertWalletActionAllowed } from '../wallets/wallet-access.js'
import { authorizeRequest, type Authority, type SignedRequest } from './authorize-request.js'
import { createServerWallet } from './create-server-wallet.js'
import { ownerNotFound, serverWalletNotFound, unauthorized } from './errors.js'
import { exportServerWallet } from './export-wallet.js'
import { importServerWallet } from './import-server-wallet.js'
import {
  createServerWalletBody,
  exportServerWalletBody,
  importServerWalletBody,
  listServerWalletsQuery,
  rawSignBody,
  registerUserSignerBody,
  serverWalletRpcBody,
  updateServerWalletBody,
} from './schemas.js'
import { toServerWalletDto } from './server-wallet-dto.js'
import { rawSign } from './raw-sign.js'
import { updateSessionSigners } from './session-signers.js'
import { runServerWalletRpc } from './server-wallet-rpc.js'
import { findServerWallet, findServerWalletByAddress, listServerWallets, type ServerWalletRecord } from './store.js'
import { registerUserSigner } from './user-signers.js'
import { mount } from '../http/mount.js'

const isAppSecretRequest = (c: Context<AppEnv>) => /^Basic\s/i.test(c.req.header('authorization') ?? '')

/** With the app secret, any user of this app or (absent) every user; with a session, absent or the caller. */
async function walletsOwner(ctx: ServerContext, c: Context<AppEnv>, userId: string | undefined): Promise<string | undefined> {
  if (isAppSecretRequest(c)) {
    requireAppSecret(c)
    if (userId === undefined) return undefined
    const [user] = await ctx.db.query('SELECT 1 FROM users WHERE id = $1 AND app_id = $2', [userId, c.var.app.id])
    if (!user) throw ownerNotFound()
    return userId
  }
  const claims = await requireAccess(ctx, c)
  if (userId !== undefined && userId !== claims.userId) throw ownerNotFound()
  return claims.userId
}

/** A new wallet's owner: `owner_id` is required with the app secret. */
async function creationOwner(ctx: ServerContext, c: Context<AppEnv>, ownerId: string | undefined): Promise<string> {
  if (isAppSecretRequest(c) && ownerId === undefined) {
    requireAppSecret(c)
    throw ownerNotFound()
  }
  return (await walletsOwner(ctx, c, ownerId))!
}

/**
 * Server-managed wallets' own routes (wallet spec, "The calls it makes"), mounted at `/api/v1/wallets` beside the delegation routes:
 * creation (the user's session, or the app secret for any user), import and user-signer registration (session),
 * listing and reading wallets, raw hash signing, setting a wallet's session signers, and the owner's key export.
 */
export function mountServerWalletRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, walletApiRoutes.create, async (c) => {
    const body = await readBody(c, createServerWalletBody)
    const userId = await creationOwner(ctx, c, body.owner_id)
    return c.json(toServerWalletDto(c.var.app, await createServerWallet(ctx, c.var.app, userId, body.chain_type, body.wallet_index)) satisfies ServerWallet)
  })

  mount(app, walletApiRoutes.import, async (c) => {
    const claims = await requireAccess(ctx, c)
    const body = await readBody(c, importServerWalletBody)
    return c.json(
      toServerWalletDto(c.var.app, await importServerWallet(ctx, c.var.app, claims.userId, body.chain_type, body.private_key)) satisfies ServerWallet,
    )
  })

  mount(app, walletApiRoutes.userSigners, async (c) => {
    const claims = await requireAccess(ctx, c)
    return c.json(await registerUserSigner(ctx, c.var.app, claims, (await readBody(c, registerUserSignerBody)).public_key))
  })

  // The app secret lists any user's wallets (`user_id`), a session only the caller's.
  mount(app, walletApiRoutes.list, async (c) => {
    const query = readQuery(c.req.query(), listServerWalletsQuery)
    const userId = await walletsOwner(ctx, c, query.user_id)
    const limit = query.limit ?? 100
    const page = await listServerWallets(ctx.db, c.var.app.id, { userId, chainType: query.chain_type, after: query.cursor, limit: limit + 1 })
    const data = page.slice(0, limit).map((wallet) => toServerWalletDto(c.var.app, wallet))
    return c.json({ data, next_cursor: page.length > limit ? data.at(-1)!.id : null } satisfies ServerWalletList)
  })

  // Reading needs the owner's session or the app secret; any other caller learns nothing, not even that the id exists.
  mount(app, walletApiRoutes.get, async (c) => {
    const ownerId = await walletsOwner(ctx, c, undefined)
    const wallet = await findServerWallet(ctx.db, c.var.app.id, c.req.param('wallet_id'))
    if (!wallet || (ownerId !== undefined && wallet.userId !== ownerId)) throw serverWalletNotFound()
    return c.json(toServerWalletDto(c.var.app, wallet) satisfies ServerWallet)
  })

  mount(app, walletApiRoutes.rawSign, async (c) => {
    const { wallet, authority, sessionId } = (await requestedWallet(ctx, c)) ?? notFound()
    const { params } = await readBody(c, rawSignBody)
    await authorizeRequest(ctx, c.var.app, wallet, authority, await signedRequest(ctx, c, 'POST', sessionId))
    return c.json((await rawSign(ctx, c.var.app, wallet, params.hash)) satisfies ServerWalletRawSignResponse)
  })

  // Changing who may sign is the owner's alone: signed by one of their user signers, whoever sends it.
  mount(app, walletApiRoutes.update, async (c) => {
    const { wallet, sessionId } = (await requestedWallet(ctx, c)) ?? notFound()
    const body = await readBody(c, updateServerWalletBody)
    await authorizeRequest(ctx, c.var.app, wallet, 'owner', await signedRequest(ctx, c, 'PATCH', sessionId))
    return c.json(toServerWalletDto(c.var.app, await updateSessionSigners(ctx, c.var.app, wallet, body.additional_signers)) satisfies ServerWallet)
  })

  // The key leaves only for its owner in person: their session (never the app secret), their signature, and the
  // on-device export's gate (a sign-in or MFA within 10 minutes), checked before the signature is spent.
  mount(app, walletApiRoutes.export, async (c) => {
    if (isAppSecretRequest(c)) throw reauthenticationRequired('export')
    const caller = await requireMfaCaller(ctx, c)
    const wallet = await findServerWallet(ctx.db, c.var.app.id, c.req.param('wallet_id'))
    if (!wallet || wallet.userId !== caller.userId) throw serverWalletNotFound()
    const body = await readBody(c, exportServerWalletBody)
    await assertWalletActionAllowed(ctx, ctx.db, c.var.app, caller, wallet, 'export')
    await hitKeyMaterialRateLimits(ctx, c, caller.userId)
    await authorizeRequest(ctx, c.var.app, wallet, 'owner', await signedRequest(ctx, c, 'POST', caller.sessionId))
    return c.json((await exportServerWallet(ctx, c.var.app, wallet, body.recipient_public_key)) satisfies ServerWalletExportResponse)
  })
}

/**
 * The server-managed wallet of the path's `wallet_id` (null when the id is not one) and who asks for it: the owner's
 * user signers, or (app secret) the app's session signers; a bearer token sent along must be the owner's (its session
 * is answered).
 */
async function requestedWallet(
  ctx: ServerContext,
  c: Context<AppEnv>,
): Promise<{ wallet: ServerWalletRecord; authority: Authority; sessionId?: string } | null> {
  const wallet = await findServerWallet(ctx.db, c.var.app.id, c.req.param('wallet_id') ?? '')
  if (!wallet) return null
  if (isAppSecretRequest(c)) {
    requireAppSecret(c)
    return { wallet, authority: 'app' }
  }
  const token = bearerToken(c)
  if (!token) return { wallet, authority: 'owner' }
  const claims = await verifyLiveAccess(ctx, token, c.var.app.id)
  if (claims.userId !== wallet.userId) throw serverWalletNotFound()
  return { wallet, authority: 'owner', sessionId: claims.sessionId }
}

const notFound = (): never => {
  throw serverWalletNotFound()
}

/**
 * `POST /wallets/:wallet_id/rpc` for a server-managed wallet, or null when the id is not one (the delegation route
 * then serves it). The signed URL is this server's public origin (publicOrigin: behind a trusted proxy, its
 * X-Forwarded-Proto/Host) and the request's path.
 */
export async function serverWalletRpcRoute(ctx: ServerContext, c: Context<AppEnv>): Promise<ServerWalletRpcResponse | null> {
  const requested = await requestedWallet(ctx, c)
  if (!requested) return null
  const { wallet, authority, sessionId } = requested
  if (!c.req.header(AUTHORIZATION_SIGNATURE_HEADER)) throw unauthorized('missing')
  const request = await readBody(c, serverWalletRpcBody)
  await authorizeRequest(ctx, c.var.app, wallet, authority, await signedRequest(ctx, c, 'POST', sessionId))
  return runServerWalletRpc(ctx, c.var.app, wallet, request)
}

/** The request as signed (read after `readBody` validated the body): the URL is this server's public origin and the path. */
async function signedRequest(ctx: ServerContext, c: Context<AppEnv>, method: SignedRequest['method'], sessionId?: string): Promise<SignedRequest> {
  const url = new URL(c.req.url)
  return {
    method,
    signature: c.req.header(AUTHORIZATION_SIGNATURE_HEADER),
    expiry: c.req.header(REQUEST_EXPIRY_HEADER),
    url: `${publicOrigin(c, ctx.trustProxy)}${url.pathname}${url.search}`,
    body: JSON.parse(await c.req.text()),
    ...(sessionId !== undefined && { sessionId }),
  }
}

/** The caller's own server-managed wallet at `address` has no shares: recovery and share export are refused with `refusal`. */
export async function refuseForServerWallet(db: Queryable, appId: string, userId: string, address: string, refusal: () => ApiError): Promise<void> {
  const wallet = await findServerWalletByAddress(db, appId, canonicalAddress(address))
  if (wallet?.userId === userId) throw refusal()
}
