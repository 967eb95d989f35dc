/** What every login method shares: the auth state, the methods' names and the intents. */
import type { User } from '../user/types.js'

/** `loading` until the stored session has been checked once. */
export type AuthStatus = 'loading' | 'unauthenticated' | 'authenticated'
export interface AuthState {
  status: AuthStatus
  user: User | null
}

/**
 * Each login method's sign-in names under its module name: the method's folder adds its entry (interface merging, as
 * the methods import this file), e.g. `telegram: 'telegram'` in `telegram/types.ts`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each login method's folder through declaration merging
export interface LoginMethodNames {}
/** Every way a user can sign in through this client; `Recent` and login events name them. */
export type LoginMethodName = LoginMethodNames[keyof LoginMethodNames]

/** Sign-in spec, "Entities and their fields": "Auth intent". `update` replaces an email or phone the user already has. */
export type AuthIntent = 'login' | 'link' | 'update'
