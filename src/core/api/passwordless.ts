import { routes, type AuthMode, type AuthenticatedUserDto, type SuccessDto } from '../../protocol/index.js'
import type { Transport } from './transport.js'

/** Sends an email one-time code; `captchaToken` goes in the spec's `token` field. */
export function initPasswordless(transport: Transport, email: string, captchaToken?: string): Promise<SuccessDto> {
  return transport.request<SuccessDto>(routes.passwordlessInit, { body: { email, token: captchaToken } })
}

export function authenticatePasswordless(
  transport: Transport,
  body: { email: string; code: string; mode: AuthMode },
): Promise<AuthenticatedUserDto> {
  return transport.request<AuthenticatedUserDto>(routes.passwordlessAuthenticate, { body })
}
