import type { TesseraClient, User } from '../../core/index.js'
import type { CopyKey } from '../copy/en.js'
import type { ModalRequest } from '../modal-context.js'
import type { Screen } from '../navigation/navigation.js'
import { loginMethodRoutes } from '../login-methods/route-list.js'

type SendCodeOptions = NonNullable<Parameters<TesseraClient['auth']['email']['sendCode']>[1]>

/**
 * Where the modal opens: link and update skip the landing for the method's own input (email stays on the landing's
 * form); connect-or-create opens on its own screen, which shows the picker or its choice per the user.
 */
export function initialScreen(request: ModalRequest): Screen {
  if (request.intent === 'login') return 'landing'
  if (request.intent === 'wallet') return request.screen
  if (request.intent === 'connect-or-create') return 'wallet-connect-or-create'
  return loginMethodRoutes.find((routes) => routes.isEntry(request.method))?.requestScreen ?? 'landing'
}

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
