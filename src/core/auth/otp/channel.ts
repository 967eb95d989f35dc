/** What differs between the email and SMS one-time code flows: identifier rules and routes. */
import type { AuthMode, AuthenticatedUserDto, UserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import type { EffectiveConfig } from '../../config/types.js'
import type { AccountTransferApi } from '../transfer/types.js'

/** Its `transferAccount` moves the address or number another user holds to the signed-in user. */
export interface OtpChannel extends AccountTransferApi {
  /** Names the method in login, link, unlink and update events. */
  readonly method: 'email' | 'sms'
  /** Trims and checks an identifier, resolving to the form accounts are keyed by; throws `invalid_data`. */
  normalize(raw: string, config: EffectiveConfig): Promise<string>
  /** App rules for sending a code to a normalised identifier (plus-addresses); identifiers already linked are exempt. */
  assertSendable?(identifier: string, config: EffectiveConfig): void
  /** With `auth` the code is bound to the signed-in user (link and update). */
  init(transport: Transport, identifier: string, options: { captchaToken?: string; auth: boolean }): Promise<unknown>
  authenticate(transport: Transport, identifier: string, code: string, mode: AuthMode): Promise<AuthenticatedUserDto>
  link(transport: Transport, identifier: string, code: string): Promise<UserDto>
  update(transport: Transport, previousIdentifier: string, identifier: string, code: string): Promise<UserDto>
  unlink(transport: Transport, identifier: string): Promise<UserDto>
}
