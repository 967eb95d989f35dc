import type { AllowlistScreen } from '../../core/index.js'
import { oauthProviders, type OAuthProvider } from '../../protocol/index.js'
import type { ErrorLike, ErrorStep } from '../errors/route-error.js'
import type { useT } from './errors.js'

/** What an error screen shows. `action` null means no action button (the header still goes back). */
export interface ErrorCopy {
  title: string
  description: string
  action: string | null
  /** A link the action opens instead of going back (allowlist override). */
  actionLink: string | null
  /** Where the action goes: the screen before the error (a retry) or the landing (another method or account). */
  actionTarget: 'previous' | 'landing'
}

export interface CopyContext {
  /** The error screens' strings in the element's language (`useT()` of errors.ts). */
  t: ReturnType<typeof useT>
  appName: string
  allowlist?: Partial<AllowlistScreen> | null
  /** The step that failed; OAuth and code-entry failures have their own details. */
  step?: ErrorStep | null
  /** The method the modal was working on ('email', 'sms' or a provider): names the provider and the account type. */
  method?: string | null
}

const isProvider = (method: string | null | undefined): method is OAuthProvider => (oauthProviders as readonly string[]).includes(method ?? '')

/** The linked-account type a method creates, as the link-limit message names it. */
function accountTypeOf(method: string): string {
  if (method === 'sms') return 'phone'
  return isProvider(method) ? `${method}_oauth` : method
}

type Screen = (title: string, description: string, action: string | null, target?: ErrorCopy['actionTarget'], actionLink?: string | null) => ErrorCopy
const screen: Screen = (title, description, action, actionTarget = 'previous', actionLink = null) => ({ title, description, action, actionLink, actionTarget })

/** Sign-in spec, "The error catalogue": "OAuth": title 'Authentication failed' with a detail per code; null falls through to the table. */
function oauthCopy(error: ErrorLike, { t, method }: CopyContext): ErrorCopy | null {
  const failed = (description: string, action: string | null, target?: ErrorCopy['actionTarget']) =>
    screen(t('error.authFailed.title'), description, action, target)
  switch (error.code) {
    case 'invalid_credentials':
      return failed(t('error.oauth.retry'), t('error.generic.action'))
    case 'oauth_user_denied':
      return failed(t('error.oauth.userDenied'), t('error.generic.action'))
    case 'too_many_requests': {
      // The provider's own rate limit reads differently from ours.
      const providerLimit = isProvider(method) && /rate.?limit/i.test(error.shortMessage ?? '')
      return failed(
        providerLimit ? t('error.oauth.providerRateLimit', { provider: t(`provider.${method}`) }) : t('error.oauth.tooManyRequests'),
        t('error.tooManyRequests.action'),
      )
    }
    case 'oauth_account_suspended':
      return failed(t('error.oauth.suspended'), t('error.notAllowed.action'), 'landing')
    case 'cannot_link_more_of_type':
      return failed(t('error.oauth.cannotLinkMore'), null)
    case 'oauth_unexpected':
      return failed(t('error.oauth.unexpected'), t('error.generic.action'))
    case 'unknown_auth_error':
      return failed(t('error.oauth.invalidCode'), t('error.generic.action'))
  }
  return null
}

/** Maps an error to end-user copy (sign-in spec, "The error catalogue": "Error screen mapping", "OAuth" and "Code entry"). */
export function copyForError(error: ErrorLike, context: CopyContext): ErrorCopy {
  const { t } = context
  if (context.step === 'oauth') {
    const oauth = oauthCopy(error, context)
    if (oauth) return oauth
  }
  switch (error.code) {
    case 'too_many_requests':
      return screen(t('error.tooManyRequests.title'), t('error.tooManyRequests.description'), t('error.tooManyRequests.action'))
    case 'disallowed_login_method':
      return screen(t('error.notAllowed.title'), t('error.notAllowed.description'), t('error.notAllowed.action'), 'landing')
    case 'not_supported':
      return screen(t('error.notSupported.title'), t('error.notSupported.description'), t('error.notAllowed.action'), 'landing')
    case 'user_does_not_exist':
    case 'signup_disabled':
      return screen(
        t('error.accountNotFound.title'),
        t('error.accountNotFound.description', { app: context.appName }),
        t('error.accountNotFound.action'),
        'landing',
      )
    case 'max_accounts_reached':
      return screen(t('error.userLimit.title'), t('error.userLimit.description'), null)
    case 'allowlist_rejected': {
      const overrides = context.allowlist ?? {}
      return screen(
        overrides.errorTitle || t('error.allowlist.title'),
        overrides.errorDetail || t('error.allowlist.description'),
        overrides.ctaText || t('error.allowlist.action'),
        'landing',
        overrides.ctaLink || null,
      )
    }
    case 'linked_to_another_user':
      return screen(t('error.authFailed.title'), t('error.linked.description'), null)
    case 'oauth_state_mismatch':
      return screen(t('error.authFailed.title'), t('error.oauth.phishing'), t('error.generic.action'), 'landing')
    case 'cannot_link_more_of_type': {
      const title = context.step === 'submit-code' ? t('code.issue') : t('error.authFailed.title')
      const description = context.method ? t('code.linkLimit', { type: accountTypeOf(context.method) }) : t('error.oauth.cannotLinkMore')
      return screen(title, description, null)
    }
    case 'invalid_captcha':
      return screen(t('error.generic.title'), t('error.invalidCaptcha.description'), t('error.generic.action'))
    case 'captcha_failure':
      return screen(t('error.generic.title'), t('error.captchaFailure.description'), t('error.generic.action'))
    case 'captcha_timeout':
      return screen(t('error.generic.title'), t('error.generic.description'), t('error.generic.action'))
    case 'network_error':
      return screen(t('error.generic.title'), t('error.network.description'), t('error.generic.action'))
    case 'invalid_origin': {
      // The origin check's refusal names the page's origin (origin-errors.ts); other refusals (cross-site) fall through.
      const { origin, app_id: appId } = error.data ?? {}
      if (typeof origin === 'string' && typeof appId === 'string')
        return screen(
          t('error.originNotAllowed.title'),
          t('error.originNotAllowed.description', { origin, app: context.appName, appId }),
          t('error.generic.action'),
        )
      break
    }
    case 'client_request_timeout':
      return screen(t('error.generic.title'), t('error.timeout.description'), t('error.generic.action'))
  }
  // Sign-in spec, "The error catalogue": for 400 and 422 the server's own message is shown.
  if ((error.status === 400 || error.status === 422) && error.shortMessage)
    return screen(t('error.invalidRequest.title'), error.shortMessage, t('error.generic.action'))
  const title = context.step === 'submit-code' ? t('code.issue') : t('error.generic.title')
  return screen(title, t('error.generic.description'), t('error.generic.action'))
}
