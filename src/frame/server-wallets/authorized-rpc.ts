/**
 * Signed requests to `/api/v1/wallets/{id}/rpc` and `/export` (wallet spec, "Roles and permissions"): the user signer is registered for the session the
 * first time it is needed (and again for a new sign-in, after it expired, or when the server no longer knows it), then
 * signs the canonical payload of each request, which carries its own expiry.
 */
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  AUTHORIZATION_SIGNATURE_TTL_MS,
  authorizationPayload,
  authorizationSignatureMessages,
  REQUEST_EXPIRY_HEADER,
  routePath,
  walletApiRoutes,
  type Route,
  type ServerWalletRpcBody,
  type ServerWalletRpcResponse,
} from '../../protocol/index.js'
import { utf8 } from '../encoding.js'
import { isFrameError } from '../errors.js'
import type { ServerWalletApi } from './api.js'
import type { UserSigner } from './user-signer.js'

export interface ServerWalletContext {
  api: ServerWalletApi
  signer: UserSigner
  /** Access tokens whose session has this signer registered, with when the server stops honouring it. */
  registrations: Map<string, number>
  now?: () => number
}

export function serverWalletContext(api: ServerWalletApi, signer: UserSigner, now?: () => number): ServerWalletContext {
  return { api, signer, registrations: new Map(), ...(now && { now }) }
}

const nowOf = (context: ServerWalletContext) => (context.now ?? Date.now)()

/** Registers the signer for the session of `accessToken` unless it is already, and still, registered. */
export async function ensureUserSigner(context: ServerWalletContext, accessToken: string): Promise<void> {
  const expiresAt = context.registrations.get(accessToken)
  if (expiresAt !== undefined && expiresAt > nowOf(context) + AUTHORIZATION_SIGNATURE_TTL_MS) return
  const { expires_at } = await context.api.registerUserSigner(accessToken, { public_key: await context.signer.publicKey() })
  // One token at a time is enough: the previous session's entry would never be used again.
  context.registrations.clear()
  context.registrations.set(accessToken, expires_at)
}

/** A wallet API request as sent: its route, its body, and how to send it with the authorization headers. */
export interface AuthorizedRequest<Body, Answer> {
  route: Route
  walletId: string
  body: Body
  send(authorization: Record<string, string>): Promise<Answer>
}

async function signedCall<Body, Answer>(
  context: ServerWalletContext,
  appId: string,
  accessToken: string,
  request: AuthorizedRequest<Body, Answer>,
): Promise<Answer> {
  await ensureUserSigner(context, accessToken)
  const expiresAt = nowOf(context) + AUTHORIZATION_SIGNATURE_TTL_MS
  const url = context.api.urlOf(routePath(request.route, { wallet_id: request.walletId }))
  const signature = await context.signer.sign(utf8(authorizationPayload({ method: 'POST', url, body: request.body, appId, expiresAt })))
  return request.send({ [AUTHORIZATION_SIGNATURE_HEADER]: signature, [REQUEST_EXPIRY_HEADER]: String(expiresAt) })
}

/** One signed request; a signer the server refuses (its registration lapsed or was lost) is registered again, once. */
export async function authorizedCall<Body, Answer>(
  context: ServerWalletContext,
  appId: string,
  accessToken: string,
  request: AuthorizedRequest<Body, Answer>,
): Promise<Answer> {
  try {
    return await signedCall(context, appId, accessToken, request)
  } catch (error) {
    if (!isFrameError(error) || error.message !== authorizationSignatureMessages.invalid) throw error
    context.registrations.delete(accessToken)
    return signedCall(context, appId, accessToken, request)
  }
}

/** A signed `/wallets/{id}/rpc`. */
export const authorizedRpc = (
  context: ServerWalletContext,
  appId: string,
  accessToken: string,
  walletId: string,
  body: ServerWalletRpcBody,
): Promise<ServerWalletRpcResponse> =>
  authorizedCall(context, appId, accessToken, {
    route: walletApiRoutes.rpc,
    walletId,
    body,
    send: (authorization) => context.api.rpc(accessToken, walletId, body, authorization),
  })
