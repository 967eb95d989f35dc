import { oauthProviders, type OAuthProvider } from '../../protocol/index.js'
import type { LoginMethod, TesseraClient } from '../../core/index.js'

/** Login methods the landing draws a row for (each method's row is a case of `MethodRow`). */
export type LandingMethod = 'email' | 'sms' | 'passkey' | 'wallet' | 'farcaster' | 'telegram' | OAuthProvider | CrossAppMethod
/** A cross-app provider app's row: `privy:<provider app id>`. */
export type CrossAppMethod = `privy:${string}`

const otherLandingMethods: readonly string[] = ['email', 'sms', 'passkey', 'wallet', 'farcaster', 'telegram'] satisfies LandingMethod[]

export function isOAuthProvider(method: string): method is OAuthProvider {
  return (oauthProviders as readonly string[]).includes(method)
}

export function isCrossAppMethod(method: string): method is CrossAppMethod {
  return method.startsWith('privy:') && method.length > 'privy:'.length
}

export function isLandingMethod(method: LoginMethod): method is LandingMethod {
  return otherLandingMethods.includes(method) || isOAuthProvider(method) || isCrossAppMethod(method)
}

/** The method of the last sign-in on this device (drives the 'Recent' chip). */
export type LoginMethodName = NonNullable<ReturnType<TesseraClient['getRecentLoginMethod']>>
