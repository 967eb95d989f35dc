import type {
  AuthenticatedUserDto,
  CrossAppAuthenticateBody,
  CrossAppAuthorizeBody,
  CrossAppAuthorizeResponse,
  CrossAppConnectionsResponse,
  CrossAppDetailsDto,
  CrossAppLinkBody,
  CrossAppRequesterDto,
  CrossAppTransactInitBody,
  CrossAppTransactInitResponse,
  CrossAppTransactRequesterBody,
  CrossAppUnlinkBody,
  UserDto,
} from '../../../protocol/index.js'
import {
  crossAppAuthenticateRoute,
  crossAppAuthorizeRoute,
  crossAppConnectionsRoute,
  crossAppDetailsRoute,
  crossAppLinkRoute,
  crossAppRequesterRoute,
  crossAppTransactInitRoute,
  crossAppTransactRequesterRoute,
  crossAppUnlinkRoute,
} from '../../../protocol/routes/cross-app.js'
import type { Transport } from '../../api/transport.js'

export function getCrossAppConnections(transport: Transport, appId: string): Promise<CrossAppConnectionsResponse> {
  return transport.request(crossAppConnectionsRoute, { params: { app_id: appId } })
}

export function authenticateCrossApp(transport: Transport, body: CrossAppAuthenticateBody): Promise<AuthenticatedUserDto> {
  return transport.request(crossAppAuthenticateRoute, { body })
}

export function linkCrossApp(transport: Transport, body: CrossAppLinkBody): Promise<UserDto> {
  return transport.request(crossAppLinkRoute, { body, auth: true })
}

export function unlinkCrossApp(transport: Transport, body: CrossAppUnlinkBody): Promise<UserDto> {
  return transport.request(crossAppUnlinkRoute, { body, auth: true })
}

/** Provider side: who is requesting, as this (provider) app's server sees it. */
export function getCrossAppRequester(transport: Transport, requesterAppId: string): Promise<CrossAppRequesterDto> {
  return transport.request(crossAppRequesterRoute, { params: { app_id: requesterAppId } })
}

/** Provider side: the signed-in provider user's consent, answered with the one-time code. */
export function authorizeCrossApp(transport: Transport, body: CrossAppAuthorizeBody): Promise<CrossAppAuthorizeResponse> {
  return transport.request(crossAppAuthorizeRoute, { body, auth: true })
}

/** The server's own check before a transact popup: a read-only connection or a user without the provider's account is refused. */
export function initCrossAppTransact(transport: Transport, body: CrossAppTransactInitBody): Promise<CrossAppTransactInitResponse> {
  return transport.request(crossAppTransactInitRoute, { body, auth: true })
}

/** A provider app's public details (name, icon, pages). */
export function getCrossAppDetails(transport: Transport, appId: string): Promise<CrossAppDetailsDto> {
  return transport.request(crossAppDetailsRoute, { params: { app_id: appId } })
}

/** Provider side, before answering a transact request: the requester, refused unless it allows the origin the answer would go to. */
export function checkCrossAppTransactRequester(transport: Transport, body: CrossAppTransactRequesterBody): Promise<CrossAppRequesterDto> {
  return transport.request(crossAppTransactRequesterRoute, { body, auth: true })
}
