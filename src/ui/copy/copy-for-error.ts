import type { AllowlistScreen } from '../../core/index.js'
import type { ErrorCode } from '../../protocol/index.js'
import { t } from './en.js'

/** What an error screen shows. `action` null means no retry button. */
export interface ErrorCopy {
  title: string
  description: string
  action: string | null
  /** A link the action opens instead of going back (allowlist override). */
  actionLink: string | null
}

/** The part of an error the copy depends on: never the raw message except for 400/422. */
export interface ErrorLike {
  code: ErrorCode | string
  status?: number | undefined
  shortMessage?: string | undefined
}

export interface CopyContext {
  appName: string
  allowlist?: Partial<AllowlistScreen> | null
}

/** Maps an error to end-user copy (document 1 §8 "Error screen mapping"). */
export function copyForError(error: ErrorLike, context: CopyContext): ErrorCopy {
  const screen = (title: string, description: string, action: string | null, actionLink: string | null = null) => ({ title, description, action, actionLink })
  switch (error.code) {
    case 'too_many_requests':
      return screen(t('error.tooManyRequests.title'), t('error.tooManyRequests.description'), t('error.tooManyRequests.action'))
    case 'disallowed_login_method':
      return screen(t('error.notAllowed.title'), t('error.notAllowed.description'), t('error.notAllowed.action'))
    case 'user_does_not_exist':
    case 'signup_disabled':
      return screen(t('error.accountNotFound.title'), t('error.accountNotFound.description', { app: context.appName }), t('error.accountNotFound.action'))
    case 'max_accounts_reached':
      return screen(t('error.userLimit.title'), t('error.userLimit.description'), null)
    case 'allowlist_rejected': {
      const overrides = context.allowlist ?? {}
      return screen(
        overrides.errorTitle || t('error.allowlist.title'),
        overrides.errorDetail || t('error.allowlist.description'),
        overrides.ctaText || t('error.allowlist.action'),
        overrides.ctaLink || null,
      )
    }
    case 'network_error':
      return screen(t('error.generic.title'), t('error.network.description'), t('error.generic.action'))
    case 'client_request_timeout':
      return screen(t('error.generic.title'), t('error.timeout.description'), t('error.generic.action'))
  }
  // Document 1 §8: for 400 and 422 the server's own message is shown.
  if ((error.status === 400 || error.status === 422) && error.shortMessage)
    return screen(t('error.invalidRequest.title'), error.shortMessage, t('error.generic.action'))
  return screen(t('error.generic.title'), t('error.generic.description'), t('error.generic.action'))
}
