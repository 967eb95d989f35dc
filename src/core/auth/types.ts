/** What every login method shares: the auth state, the methods' names and the intents. */
import type { OAuthProvider } from '../../protocol/index.js'
import type { User } from '../user/types.js'

/** `loading` until the stored session has been checked once. */
export type AuthStatus = 'loading' | 'unauthenticated' | 'authenticated'
export interface AuthState {
  status: AuthStatus
  user: User | null
}

/** Every way a user can sign in through this client; `Recent` and login events name them. */
export type LoginMethodName =
  | 'email' | 'sms' | OAuthProvider | 'custom_auth' | 'guest'
  | 'passkey' | 'siwe' | 'siws' | 'farcaster' | 'telegram'
  /** A cross-app account: `privy:<provider app id>` (wallet spec, "Screens and routes": "Cross-app"). */
  | `privy:${string}`

/** Sign-in spec, "Entities and their fields": "Auth intent". `update` replaces an email or phone the user already has. */
export type AuthIntent = 'login' | 'link' | 'update'
