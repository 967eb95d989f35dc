/** Cross-app accounts (wallet spec, "Screens and routes": "Cross-app"). */
import type { AuthenticatedUserDto, CrossAppAuthenticateBody, CrossAppAuthorizeBody, CrossAppAuthorizeResponse, CrossAppConnectionsResponse, CrossAppDetailsDto, CrossAppLinkBody, CrossAppRequesterDto, CrossAppTransactInitBody, CrossAppTransactInitResponse, CrossAppTransactRequesterBody, CrossAppUnlinkBody, NonceTransferBody, UserDto } from '../dto.js'
import { get, post } from './route.js'

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
