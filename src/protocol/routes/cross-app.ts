/** Cross-app accounts (wallet spec, "Screens and routes": "Cross-app"). */
import type { AuthMode } from '../constants.js'
import type { AuthenticatedUserDto, NonceTransferBody, UserDto, LinkedAccountBase } from '../dto.js'
import { get, post } from './route.js'

/** Wallet spec, "Entities and their fields": "Cross-app connection": a provider app this app's users may connect. */
export interface CrossAppConnectionDto {
  provider_app_id: string
  provider_app_name: string
  provider_app_icon_url: string | null
  provider_app_custom_api_url: string | null
  read_only: boolean
  provider_app_custom_auth_authorize_url: string | null
  provider_app_custom_auth_transact_url: string | null
}
export interface CrossAppConnectionsResponse {
  connections: CrossAppConnectionDto[]
}
/** This app as a cross-app provider (null fields: it is not one). */
export interface CrossAppDetailsDto {
  id: string
  name: string
  icon_url: string | null
  authorize_url: string | null
  transact_url: string | null
}
/** Who asks the provider's page for a connection (answered only for an allowed requester). */
export interface CrossAppRequesterDto {
  app_id: string
  name: string
  icon_url: string | null
  read_only: boolean
}
/** Sent by the provider's page for its signed-in user; the code is bound to the requester's state code and PKCE challenge. */
export interface CrossAppAuthorizeBody {
  requester_app_id: string
  requester_origin: string
  state_code: string
  code_challenge: string
}
export interface CrossAppAuthorizeResponse {
  authorization_code: string
  requester_origin: string
}
export interface CrossAppLinkBody {
  provider_app_id: string
  authorization_code: string
  state_code: string
  code_verifier: string
}
export interface CrossAppAuthenticateBody extends CrossAppLinkBody {
  mode?: AuthMode
}
export interface CrossAppUnlinkBody {
  provider_app_id: string
  subject: string
}
export interface CrossAppTransactInitBody {
  provider_app_id: string
}
export interface CrossAppTransactInitResponse {
  transact_url: string
}
/** Sent by the provider's transact page (answered with a CrossAppRequesterDto, or 403 for an origin the requester does not allow). */
export interface CrossAppTransactRequesterBody {
  requester_app_id: string
  requester_origin: string
}
/** Sent with a provider page's answer (wallet spec, "States and transitions"): `set` gives the requester a token for later transact requests, `clear` withdraws it. */
export type CrossAppTokenAction = { action: 'set'; token: string } | { action: 'clear' }
/**
 * What a requester asks the provider user's wallet for, through the transact page (the reference SDK's JSON-RPC shapes:
 * the address is the cross-app account's wallet; a transaction's is its `from`; typed data may come as its JSON).
 */
export type CrossAppTransactRequestDto =
  | { method: 'personal_sign'; params: [message: string, address: string] }
  | { method: 'eth_signTypedData_v4'; params: [address: string, typedData: Record<string, unknown> | string] }
  | { method: 'eth_sendTransaction' | 'eth_signTransaction'; params: [transaction: Record<string, unknown>] }

export const crossAppConnectionsRoute = get<CrossAppConnectionsResponse>('/api/v1/apps/:app_id/cross-app/connections')
export const crossAppDetailsRoute = get<CrossAppDetailsDto>('/api/v1/apps/:app_id/cross-app/details')
/** Cross-app (Tessera's own paths; the spec does not show them): the provider's page asks who is requesting, then authorizes. */
export const crossAppRequesterRoute = get<CrossAppRequesterDto>('/api/v1/cross-app/requesters/:app_id')
export const crossAppAuthorizeRoute = post<CrossAppAuthorizeBody, CrossAppAuthorizeResponse>('/api/v1/cross-app/authorize')
export const crossAppAuthenticateRoute = post<CrossAppAuthenticateBody, AuthenticatedUserDto>('/api/v1/cross-app/authenticate')
export const crossAppLinkRoute = post<CrossAppLinkBody, UserDto>('/api/v1/cross-app/link')
export const crossAppUnlinkRoute = post<CrossAppUnlinkBody, UserDto>('/api/v1/cross-app/unlink')
export const crossAppTransferRoute = post<NonceTransferBody, UserDto>('/api/v1/cross-app/transfer')
export const crossAppTransactInitRoute = post<CrossAppTransactInitBody, CrossAppTransactInitResponse>('/api/v1/cross-app/transact/init')
/** The provider's transact page checks who asks, and that its answer may go to the origin the request names. */
export const crossAppTransactRequesterRoute = post<CrossAppTransactRequesterBody, CrossAppRequesterDto>('/api/v1/cross-app/transact/requester')

export interface CrossAppAccountDto extends LinkedAccountBase {
  type: 'cross_app'
  subject: string
  embedded_wallets: { address: string }[]
  smart_wallets: { address: string }[]
  provider_app: { id: string; name?: string; logo_url?: string }
}

/** Its linked accounts and its fields of the app config (`AppConfigDto`), merged into dto.ts's. */
declare module '../dto.js' {
  interface LinkedAccountDtos {
    cross_app: CrossAppAccountDto
  }
  interface AppConfigDto {
    /** Tessera: the provider apps shown as `privy:<app id>` login methods, when cross-app login is on. */
    cross_app_login_providers?: { app_id: string; name: string; icon_url: string | null }[]
  }
}
