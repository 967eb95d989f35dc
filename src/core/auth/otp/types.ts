/** The one-time code flow's state and options, shared by email and SMS. */
import type { AuthenticatedUserDto, AuthMode } from '../../../protocol/index.js'
import type { TesseraError } from '../../errors/base-error.js'
import type { AccountTimes, User } from '../../user/types.js'
import type { AuthIntent } from '../types.js'
import type { Transport } from '../../api/transport.js'
import type { EffectiveConfig } from '../../config/types.js'
import type { AccountChanges } from '../../session/types.js'
import type { Store } from '../../utils/store.js'
import type { OtpChannel } from './channel.js'

declare module '../types.js' {
  interface LoginMethodNames {
    email: 'email'
    sms: 'sms'
  }
}

declare module '../../config/types.js' {
  interface LandingMethodNames {
    email: 'email'
    sms: 'sms'
  }
}

/** One-time code flow states (sign-in spec, "States and transitions"). */
export type OtpFlowStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'
/** The email and SMS flows share this shape and one implementation. */
export interface OtpFlowState {
  status: OtpFlowStatus
  intent: AuthIntent
  /** The email address, or the phone number in E.164 form. */
  identifier: string | null
  /** For `update`: the address or number being replaced. */
  previousIdentifier: string | null
  /** Set in `error`; cleared on the next action. */
  error: TesseraError | null
  /** Unix ms of the last successful send: drives the 30 s resend countdown. */
  codeSentAt: number | null
}
export type EmailFlowState = OtpFlowState
export type SmsFlowState = OtpFlowState

export interface SendCodeOptions {
  captchaToken?: string
  /** Default 'login'. Link and update need a signed-in user. */
  intent?: AuthIntent
  /** Required for `update`: the current address or number. */
  previousIdentifier?: string
}

export interface OtpFlow {
  sendCode(identifier: string, options?: SendCodeOptions): Promise<void>
  /** Completes the intent given to sendCode: signs in, links or updates. Resolves with the (updated) user. */
  submitCode(code: string, options?: LoginWithCodeOptions): Promise<User>
  /** `submitCode` for the login intent (the reference SDK's name). */
  loginWithCode(code: string, options?: LoginWithCodeOptions): Promise<User>
  /** Back to `initial` (the modal calls it 200 ms after close). */
  reset(): void
}

export interface LoginWithCodeOptions {
  mode?: AuthMode
  disableSignup?: boolean
}

export interface OtpFlowOptions {
  /** Loaded with the flow's first step. */
  loadChannel(): Promise<OtpChannel>
  state: Store<OtpFlowState>
  transport: Transport
  getConfig(): EffectiveConfig
  isAuthenticated(): boolean
  /** Runs one authentication at a time across login methods; stores the session and announces the login. */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  now?: () => number
}

export interface EmailAccount extends AccountTimes {
  type: 'email'
  address: string
}
export interface PhoneAccount extends AccountTimes {
  type: 'phone'
  number: string
}

/** Its linked accounts, and the user's slot for the first of each, merged into user/types.ts's. */
declare module '../../user/types.js' {
  interface LinkedAccounts {
    email: EmailAccount
    phone: PhoneAccount
  }
  interface User {
    email?: EmailAccount
    phone?: PhoneAccount
  }
}

/** Its accounts move to the signed-in user on `account_transfer_required` (`client.transferAccount`). */
declare module '../transfer/types.js' {
  interface TransferLinkMethods {
    email: 'email'
    sms: 'sms'
  }
}
