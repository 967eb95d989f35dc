/** What SIWE and SIWS need from the wallet flow: the server, the page, the intent, and where each step reports. */
import type { AuthenticatedUserDto, UserDto } from '../../../protocol/index.js'
import type { Transport } from '../../api/transport.js'
import type { User } from '../../user/types.js'

/** Sign-in spec, "Entities and their fields": the statement and resources line every wallet sign-in message carries. */
export const SIGN_IN_STATEMENT = 'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.'
export const SIGN_IN_RESOURCES = ['https://tessera.dev']

export interface WalletSignInContext {
  transport: Transport
  /** The page asking: its host is the message's domain (the server compares it with the request Origin). */
  page: { host: string; origin: string; pathname: string }
  intent: 'login' | 'link'
  disableSignup: boolean
  captchaToken?: string
  /** The wire's `walletClientType` (metamask, phantom, ... or the wallet's own id) and `connectorType`. */
  walletClientType: string
  connectorType: string
  /** The client's one sign-in path (session stored, recent login method remembered, `login` emitted). */
  authenticate(login: () => Promise<AuthenticatedUserDto>): Promise<User>
  /** Stores the user a link answered with and emits `link`. */
  linked(dto: UserDto): Promise<User>
  /** The message is built: the wallet is asked to sign; then the signature is sent. */
  step(status: 'awaiting-signature' | 'submitting-signature'): void
  /** How long the wallet has to sign. */
  timeoutMs: number
  now(): Date
}

/** The message's URI: the page without its query or fragment (which may hold one-time codes). */
export const messageUri = (page: WalletSignInContext['page']) => page.origin + page.pathname
