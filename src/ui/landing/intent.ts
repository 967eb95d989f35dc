import type { TesseraClient, User } from '../../core/index.js'
import type { CopyKey } from '../copy/en.js'
import type { ModalRequest } from '../modal-context.js'
import type { Screen } from '../navigation/navigation.js'
import { isCrossAppMethod, isOAuthProvider } from './method-kind.js'

type SendCodeOptions = NonNullable<Parameters<TesseraClient['email']['sendCode']>[1]>

/** Whether the user has the embedded Ethereum wallet that connect-or-create would make. */
export const hasEmbeddedEthereumWallet = (user: User): boolean =>
  user.linkedAccounts.some((account) => account.type === 'wallet' && account.chainType === 'ethereum' && account.connectorType === 'embedded')

/**
 * Where the modal opens: link and update skip the landing for the method's own input (email stays on the landing's
 * form); connect-or-create opens on the wallet picker, or on its choice for a user without an embedded wallet.
 */
export function initialScreen(request: ModalRequest, user: User | null = null): Screen {
  if (request.intent === 'login') return 'landing'
  if (request.intent === 'wallet') return request.screen
  if (request.intent === 'connect-or-create') return user && !hasEmbeddedEthereumWallet(user) ? 'connect-or-create' : 'wallet-picker'
  if (request.method === 'sms') return 'phone'
  if (isOAuthProvider(request.method)) return 'oauth'
  if (request.method === 'passkey') return 'passkey'
  if (request.method === 'wallet') return 'wallet-picker'
  if (request.method === 'farcaster') return 'farcaster'
  if (request.method === 'telegram') return 'telegram'
  if (isCrossAppMethod(request.method)) return 'cross-app'
  return 'landing'
}

/** What a wallet connection does: links for a link request, and for connect-or-create once signed in; else signs in. */
export const walletIntent = (request: ModalRequest, signedIn: boolean): 'login' | 'link' =>
  request.intent === 'link' || (request.intent === 'connect-or-create' && signedIn) ? 'link' : 'login'

/** The intent an email or SMS send carries: the request's when it is for this channel, else a sign-in. */
export function otpSendOptions(request: ModalRequest, channel: 'email' | 'sms', user: User | null, captchaToken: string | undefined): SendCodeOptions {
  const base = captchaToken ? { captchaToken } : {}
  if (request.method !== channel) return base
  if (request.intent === 'link') return { ...base, intent: 'link' }
  const previousIdentifier = channel === 'email' ? user?.email?.address : user?.phone?.number
  return { ...base, intent: 'update', ...(previousIdentifier ? { previousIdentifier } : {}) }
}

/** The title of a link or update screen for `channel`, or null for a sign-in. */
export function intentTitle(request: ModalRequest, channel: 'email' | 'sms'): CopyKey | null {
  if (request.method !== channel) return null
  if (request.intent === 'link') return channel === 'email' ? 'link.email.title' : 'link.sms.title'
  return channel === 'email' ? 'update.email.title' : 'update.sms.title'
}
