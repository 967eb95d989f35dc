/** The recovery calls of the wallet spec, "The calls it makes": Google Drive's OAuth leg and iCloud's init, for the signed-in user. */
import {
  recoveryRoutes,
  type RecoveryOAuthAuthenticateBody,
  type RecoveryOAuthAuthenticateResponse,
  type RecoveryOAuthInitBody,
  type RecoveryOAuthInitResponse,
} from '../../protocol/index.js'
import type { Transport } from './transport.js'

export function initRecoveryOAuth(transport: Transport, body: RecoveryOAuthInitBody): Promise<RecoveryOAuthInitResponse> {
  return transport.request(recoveryRoutes.oauthInit, { body, auth: true })
}

export function authenticateRecoveryOAuth(transport: Transport, body: RecoveryOAuthAuthenticateBody): Promise<RecoveryOAuthAuthenticateResponse> {
  return transport.request(recoveryRoutes.oauthAuthenticate, { body, auth: true })
}

/** This server answers not_supported: iCloud's web flow needs Apple's CloudKit. */
export function initIcloudRecovery(transport: Transport): Promise<{ url: string }> {
  return transport.request(recoveryRoutes.initIcloud, { body: { client_type: 'web' }, auth: true })
}
