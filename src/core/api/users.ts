import { acceptTermsRoute, usersMeRoute, type UserDto, type UserWithIdentityTokenDto } from '../../protocol/index.js'
import type { Transport } from './transport.js'

export function getCurrentUser(transport: Transport, accessToken: string): Promise<UserWithIdentityTokenDto> {
  return transport.request(usersMeRoute, { accessToken })
}

/** The server may answer with the user or with `{ user }`; both are accepted. */
export async function acceptTerms(transport: Transport, accessToken: string): Promise<UserDto> {
  const body = await transport.request(acceptTermsRoute, { body: {}, accessToken })
  return 'user' in body ? body.user : body
}
