/**
 * The share endpoints, called on the frame's own origin (the server that served it) with the message's access
 * token. Error bodies become `FrameError`s with the server's copy (it never holds a secret).
 */
import {
  embeddedWalletRoutes,
  headers,
  type AddEmbeddedWalletBody,
  type AddEmbeddedWalletResponse,
  type ApiErrorCode,
  type AuthShareResponse,
  type CreateEmbeddedWalletBody,
  type CreateEmbeddedWalletResponse,
  type FrameErrorType,
  type KeyMaterialResponse,
  type ReshareBody,
  type ReshareResponse,
  routePath,
  type Route,
  type WalletShareQueryBody,
} from '../protocol/index.js'
import { FrameError } from './errors.js'

export interface FrameApi {
  create(accessToken: string, body: CreateEmbeddedWalletBody): Promise<CreateEmbeddedWalletResponse>
  add(accessToken: string, body: AddEmbeddedWalletBody): Promise<AddEmbeddedWalletResponse>
  authShare(accessToken: string, address: string, body: WalletShareQueryBody): Promise<AuthShareResponse>
  keyMaterial(accessToken: string, address: string, body: WalletShareQueryBody): Promise<KeyMaterialResponse>
  reshare(accessToken: string, address: string, body: ReshareBody): Promise<ReshareResponse>
}

export interface HttpFrameApiOptions {
  appId: string
  clientId?: string | null
  /** Empty in the browser (relative URLs: the frame's origin); a loopback URL in tests. */
  baseUrl?: string
  fetch?: typeof fetch
}

const errorTypeOf: Partial<Record<ApiErrorCode, FrameErrorType>> = {
  missing_or_invalid_mfa: 'missing_or_invalid_mfa',
  mfa_required: 'missing_or_invalid_mfa',
  insufficient_funds: 'insufficient_funds',
  invalid_data: 'invalid_request_arguments',
  invalid_request: 'invalid_request_arguments',
}

async function failure(response: Response): Promise<FrameError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: ApiErrorCode } | null
  const serverMessage = typeof body?.error === 'string' && body.error.length <= 300 ? body.error : `Request failed (HTTP ${response.status})`
  // The host reads rate limiting from a 429 in the message (document 2 §8).
  const message = response.status === 429 && !serverMessage.includes('429') ? `${serverMessage} (HTTP 429)` : serverMessage
  return new FrameError((body?.code && errorTypeOf[body.code]) || 'error', message)
}

export function httpFrameApi({ appId, clientId, baseUrl = '', fetch: fetchImpl = (...args) => fetch(...args) }: HttpFrameApiOptions): FrameApi {
  async function call<T>(route: Route, accessToken: string, body: object, address?: string): Promise<T> {
    const path = routePath(route, address === undefined ? {} : { address })
    const requestHeaders: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      [headers.appId]: appId,
      ...(clientId ? { [headers.clientId]: clientId } : {}),
    }
    let response: Response
    try {
      response = await fetchImpl(`${baseUrl}${path}`, { method: route.method, headers: requestHeaders, body: JSON.stringify(body), credentials: 'omit', cache: 'no-store' })
    } catch {
      throw new FrameError('error', 'Cannot reach the wallet server')
    }
    if (!response.ok) throw await failure(response)
    return (await response.json()) as T
  }
  return {
    create: (token, body) => call(embeddedWalletRoutes.create, token, body),
    add: (token, body) => call(embeddedWalletRoutes.add, token, body),
    authShare: (token, address, body) => call(embeddedWalletRoutes.authShare, token, body, address),
    keyMaterial: (token, address, body) => call(embeddedWalletRoutes.keyMaterial, token, body, address),
    reshare: (token, address, body) => call(embeddedWalletRoutes.reshare, token, body, address),
  }
}
