/**
 * Signed requests to `/api/v1/wallets/{id}/rpc` (document 2 §6): the user signer is registered for the session the
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

async function signedRpc(context: ServerWalletContext, appId: string, accessToken: string, walletId: string, body: ServerWalletRpcBody): Promise<ServerWalletRpcResponse> {
  await ensureUserSigner(context, accessToken)
  const expiresAt = nowOf(context) + AUTHORIZATION_SIGNATURE_TTL_MS
  const url = context.api.urlOf(routePath(walletApiRoutes.rpc, { wallet_id: walletId }))
  const signature = await context.signer.sign(utf8(authorizationPayload({ method: 'POST', url, body, appId, expiresAt })))
  return context.api.rpc(accessToken, walletId, body, { [AUTHORIZATION_SIGNATURE_HEADER]: signature, [REQUEST_EXPIRY_HEADER]: String(expiresAt) })
}

/** One signed rpc; a signer the server refuses (its registration lapsed or was lost) is registered again, once. */
export async function authorizedRpc(context: ServerWalletContext, appId: string, accessToken: string, walletId: string, body: ServerWalletRpcBody): Promise<ServerWalletRpcResponse> {
  try {
    return await signedRpc(context, appId, accessToken, walletId, body)
  } catch (error) {
    if (!isFrameError(error) || error.message !== authorizationSignatureMessages.invalid) throw error
    context.registrations.delete(accessToken)
    return signedRpc(context, appId, accessToken, walletId, body)
  }
}
