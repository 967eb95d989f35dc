import type { Hono, Context } from 'hono'
import { isHex, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { z } from 'zod'
import { authModes, FARCASTER_CHANNEL_TOKEN_HEADER } from '../../../../src/protocol/index.js'
import type { AppRecord } from '../../apps/types.js'
import { assertCaptcha } from '../../captcha/assert-captcha.js'
import type { ServerContext } from '../../context.js'
import type { AppEnv } from '../../http/env.js'
import { readBody } from '../../http/read-body.js'
import { safeString } from '../../http/schemas.js'
import { limitPerIp } from '../../rate-limit/limit-per-ip.js'
import { requireAccess } from '../../sessions/authenticate-request.js'
import { assertLoginMethodEnabled } from '../shared/access-control.js'
import { redeemAccountTransfer } from '../shared/account-transfer.js'
import { completeLogin } from '../shared/complete-login.js'
import { linkVerifiedAccount } from '../shared/link-account.js'
import { unlinkAccount } from '../shared/unlink-account.js'
import type { VerifiedAccount } from '../shared/verified-account.js'
import { assertMessageUri, requestOrigin } from '../siwe/message-origin.js'
import { completeChannel, createChannel, findOpenChannel, invalidFarcasterCredentials, type FarcasterChannel } from './channels.js'
import { farcasterConnectUri } from './connect-uri.js'
import { mountFarcasterSignerRoutes } from './signer-routes.js'
import { verifySiwf } from './verify-siwf.js'
import { mount } from '../../http/mount.js'
import {
  farcasterAuthenticateRoute,
  farcasterChannelAuthenticateRoute,
  farcasterInitRoute,
  farcasterLinkRoute,
  farcasterStatusRoute,
  farcasterTransferRoute,
  farcasterUnlinkRoute,
  farcasterV2AuthenticateRoute,
  farcasterV2InitRoute,
} from '../../../../src/protocol/routes/farcaster.js'

const fid = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const signature = safeString(1024).refine((value): value is Hex => isHex(value), 'not a hex signature')
const message = safeString(8192).min(1)
const channelToken = safeString(200).min(1)
const captchaToken = safeString(4096).nullish()
const profileText = (max: number) => safeString(max).nullish()
const initBody = z.object({ relying_party: safeString(300).nullish(), redirect_url: safeString(2048).nullish(), token: captchaToken })
const linkBody = z.object({ channel_token: channelToken, message, signature, fid })
const authenticateBody = linkBody.extend({ mode: z.enum(authModes).nullish() })
const v2AuthenticateBody = z.object({ message, signature, fid, mode: z.enum(authModes).nullish() })
const unlinkBody = z.object({ fid })
const transferBody = z.object({ nonce: safeString(256), farcaster_id: fid.nullish(), farcaster_embedded_address: safeString(100).nullish() })
const relayBody = z.object({
  message,
  signature,
  fid,
  username: profileText(100),
  display_name: profileText(200),
  bio: profileText(1000),
  pfp_url: profileText(2048),
})

/** The linked account a verified SIWF proves, keyed by fid; the profile comes from the relay post of the same fid. */
function farcasterAccount(fid: number, ownerAddress: string, channel: FarcasterChannel): VerifiedAccount {
  const profile = channel.completed?.fid === fid ? channel.completed.profile : {}
  return {
    type: 'farcaster',
    key: String(fid),
    details: {
      owner_address: ownerAddress,
      display_name: profile.display_name ?? null,
      username: profile.username ?? null,
      bio: profile.bio ?? null,
      profile_picture_url: profile.pfp_url ?? null,
    },
    allowlistIdentifiers: [ownerAddress],
    displayName: profile.username ? `@${profile.username}` : `fid ${fid}`,
  }
}

/**
 * `init` of v1 and v2: method on, per-IP limit (channels are stored), CAPTCHA, then a channel whose SIWF domain
 * is the request Origin's host and whose URI `uriFor` picks (null for v2).
 */
async function openChannel(ctx: ServerContext, c: Context<AppEnv>, token: string | null | undefined, uriFor: (origin: URL) => string | null) {
  const app = c.var.app
  assertLoginMethodEnabled(app, 'farcaster')
  const origin = requestOrigin(c, app)
  const uri = uriFor(origin)
  const ip = await limitPerIp(ctx, c, 'farcaster-init-ip', ctx.rateLimits.initPerIp)
  await assertCaptcha(ctx, app, token, ip)
  const channel = await createChannel(ctx, app.id, origin.host, uri)
  return { ...channel, domain: origin.host, siweUri: uri }
}

/** v1's message URI: the app's `redirect_url` (on one of its origins) or the Origin itself; `relying_party` must name the Origin. */
function v1SiweUri(app: AppRecord, body: z.infer<typeof initBody>) {
  return (origin: URL) => {
    if (body.relying_party && body.relying_party !== origin.host && body.relying_party !== origin.origin) {
      throw invalidFarcasterCredentials('The relying party is not the request origin')
    }
    if (!body.redirect_url) return origin.origin
    assertMessageUri(app, body.redirect_url)
    return body.redirect_url
  }
}

/** The nonce a message names, or undefined when it is not an EIP-4361 message. */
function messageNonce(message: string): string | undefined {
  try {
    return parseSiweMessage(message).nonce
  } catch {
    return undefined
  }
}

/**
 * `/api/v1/farcaster/*`: Sign-In with Farcaster (init, status, authenticate, link, unlink, transfer, v2). This server is its own channel relay: `init` opens a channel, the
 * Farcaster app posts the signed message to `channel/authenticate` (see farcasterRelayRoutes), the client polls
 * `GET status` and hands the result to `authenticate` or `link`.
 */
export function mountFarcasterRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, farcasterInitRoute, async (c) => {
    const body = await readBody(c, initBody)
    const channel = await openChannel(ctx, c, body.token, v1SiweUri(c.var.app, body))
    return c.json({ channel_token: channel.channelToken, connect_uri: farcasterConnectUri(channel) })
  })

  mount(app, farcasterStatusRoute, async (c) => {
    const token = channelToken.safeParse(c.req.header(FARCASTER_CHANNEL_TOKEN_HEADER))
    if (!token.success) throw invalidFarcasterCredentials('Missing channel token')
    const channel = await findOpenChannel(ctx, c.var.app.id, { channelToken: token.data })
    if (!channel.completed) return c.json({ state: 'pending', nonce: channel.nonce })
    const { message, signature, fid, profile } = channel.completed
    return c.json({ state: 'completed', nonce: channel.nonce, message, signature, fid, ...profile })
  })

  mount(app, farcasterAuthenticateRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'farcaster')
    await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, authenticateBody)
    const channel = await findOpenChannel(ctx, app.id, { channelToken: body.channel_token })
    const siwf = await verifySiwf(ctx, app, channel, body.message, body.signature as Hex, body.fid)
    const login = await completeLogin(ctx, app, { method: 'farcaster', account: farcasterAccount(siwf.fid, siwf.custodyAddress, channel), mode: body.mode })
    return c.json(login.body)
  })

  mount(app, farcasterLinkRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'farcaster')
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, linkBody)
    const channel = await findOpenChannel(ctx, app.id, { channelToken: body.channel_token })
    const siwf = await verifySiwf(ctx, app, channel, body.message, body.signature as Hex, body.fid)
    return c.json(await linkVerifiedAccount(ctx, app, caller.userId, 'farcaster', farcasterAccount(siwf.fid, siwf.custodyAddress, channel)))
  })

  mount(app, farcasterUnlinkRoute, async (c) => {
    const app = c.var.app
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, unlinkBody)
    return c.json(await unlinkAccount(ctx, app, caller.userId, 'farcaster', String(body.fid)))
  })

  // Takes over an fid another user holds, with the nonce a refused link offered.
  mount(app, farcasterTransferRoute, async (c) => {
    const caller = await requireAccess(ctx, c)
    const body = await readBody(c, transferBody)
    return c.json(await redeemAccountTransfer(ctx, c.var.app.id, caller, body.nonce, ['farcaster']))
  })

  // v2 (Farcaster mini apps): the host app signs in place; there is no channel to poll, only a nonce to sign.
  mount(app, farcasterV2InitRoute, async (c) => {
    const body = await readBody(c, z.object({ token: captchaToken }))
    const channel = await openChannel(ctx, c, body.token, () => null)
    return c.json({ nonce: channel.nonce, expires_at: new Date(channel.expiresAt).toISOString() })
  })

  mount(app, farcasterV2AuthenticateRoute, async (c) => {
    const app = c.var.app
    assertLoginMethodEnabled(app, 'farcaster')
    await limitPerIp(ctx, c, 'auth-ip', ctx.rateLimits.authenticatePerIp)
    const body = await readBody(c, v2AuthenticateBody)
    const nonce = messageNonce(body.message)
    if (!nonce) throw invalidFarcasterCredentials('Not a Sign-In with Farcaster message')
    const channel = await findOpenChannel(ctx, app.id, { nonce })
    if (channel.siweUri !== null) throw invalidFarcasterCredentials('This nonce belongs to a v1 channel')
    const siwf = await verifySiwf(ctx, app, channel, body.message, body.signature as Hex, body.fid)
    const login = await completeLogin(ctx, app, { method: 'farcaster', account: farcasterAccount(siwf.fid, siwf.custodyAddress, channel), mode: body.mode })
    return c.json(login.body)
  })

  mountFarcasterSignerRoutes(app, ctx)
}

/**
 * `POST /api/v1/farcaster/channel/authenticate`: the relay endpoint the Farcaster app posts the signed message to,
 * authorised by the channel token (`Authorization: Bearer`). It carries no app header: the channel knows its app.
 * Mounted before the app check; the signature is verified when the client authenticates.
 */
export function mountFarcasterRelayRoutes(app: Hono<AppEnv>, ctx: ServerContext): void {
  mount(app, farcasterChannelAuthenticateRoute, async (c) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    const token = channelToken.safeParse(bearer)
    if (!token.success) throw invalidFarcasterCredentials('Missing channel token')
    const body = await readBody(c, relayBody)
    const { message, signature, fid, ...profile } = body
    await completeChannel(ctx, token.data, { message, signature, fid, profile }, messageNonce(message))
    return c.json({ state: 'completed' })
  })
}
