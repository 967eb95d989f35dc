import type { CopyKey } from '../copy/en.js'
import { isCrossAppMethod } from '../login-methods/cross-app/routes.js'
import { isOAuthProvider } from '../login-methods/oauth/routes.js'
import type { LandingMethod } from '../login-methods/route-list.js'

/**
 * The legacy overflow button's label, from the kinds of method it hides (sign-in spec, "Screens and routes"):
 * - only socials hidden: 'Other socials' when some social is already on the landing, else 'Log in with a social account';
 * - socials with email (and perhaps SMS): 'Log in with email or socials' — email, the default method, is named first;
 * - socials with SMS only: 'Log in with sms or socials';
 * - no socials: 'Continue with email or sms', 'Continue with email' or 'Continue with sms'.
 */
export function overflowLabel(hidden: readonly LandingMethod[], shown: readonly LandingMethod[]): CopyKey | null {
  const email = hidden.includes('email')
  const sms = hidden.includes('sms')
  // Another app's account (cross-app) is an account to log in with, like a social one.
  const isSocial = (method: LandingMethod) => isOAuthProvider(method) || isCrossAppMethod(method)
  const socials = hidden.some(isSocial)
  if (socials && email) return 'landing.overflow.emailOrSocials'
  if (socials && sms) return 'landing.overflow.smsOrSocials'
  if (socials) return shown.some(isSocial) ? 'landing.overflow.otherSocials' : 'landing.overflow.social'
  if (email && sms) return 'landing.overflow.emailOrSms'
  if (email) return 'landing.overflow.email'
  if (sms) return 'landing.overflow.sms'
  return null
}
