import { oauthProviders, type OAuthProvider } from '../../protocol/index.js'
import type { LoginMethod, TesseraClient } from '../../core/index.js'

/** Login methods the landing can show a row for today (wallet, passkey, Farcaster and Telegram come later). */
export type LandingMethod = 'email' | 'sms' | OAuthProvider

export function isOAuthProvider(method: string): method is OAuthProvider {
  return (oauthProviders as readonly string[]).includes(method)
}

export function isLandingMethod(method: LoginMethod): method is LandingMethod {
  return method === 'email' || method === 'sms' || isOAuthProvider(method)
}

/** The method of the last sign-in on this device (drives the 'Recent' chip). */
export type LoginMethodName = NonNullable<ReturnType<TesseraClient['getRecentLoginMethod']>>
