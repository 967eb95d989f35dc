/**
 * The shape of a login method's core module: a name (its `client.auth.<name>` namespace) and `create`, which makes
 * the namespace from what every method shares. The client creates each method of `login-methods.ts` this way.
 */
import type { AuthenticatedUserDto } from '../../protocol/index.js'
import type { Transport } from '../api/transport.js'
import type { ClientInternals } from '../client-internals.js'
import type { AccountChanges, SessionManager } from '../session/types.js'
import type { AccountMappers, LinkedAccountKey } from '../user/account-mapper.js'
import type { AccountTransferCall } from './transfer/types.js'
import type { AuthState, LoginMethodName } from './types.js'
import type { ClientOptions, TokenStorage } from '../client-options.js'
import type { ConfigState } from '../config/types.js'
import type { LandingMethods, LoginMethodConfig } from './login-method-config.js'
import type { User } from '../user/types.js'
import type { Store } from '../utils/store.js'
import type { lazyEmbeddedWallets } from '../wallets/embedded/lazy-embedded-wallets.js'

/** What the client hands every login method. */
export interface LoginMethodDeps {
  appId: string
  options: ClientOptions & ClientInternals
  storage: TokenStorage
  transport: Transport
  session: SessionManager
  auth: Store<AuthState>
  config: Store<ConfigState>
  /** Resolves once the config has loaded and the stored session was checked. */
  ready: Promise<void>
  isAuthenticated(): boolean
  /** Runs one sign-in at a time across methods: stores the session (or asks for the second factor) and announces it. */
  authenticate(method: LoginMethodName, login: () => Promise<AuthenticatedUserDto>): Promise<User>
  accountChanges: AccountChanges
  /** Loads the embedded wallets' code (the Farcaster signer's default key is the embedded wallet's). */
  embeddedWallets: Pick<ReturnType<typeof lazyEmbeddedWallets>, 'member' | 'load'>
  sendAnalyticsEvent(eventName: string, payload?: Record<string, unknown>): Promise<void>
}

/** What `create` gives back: the namespace, and the client's hooks into it. */
export interface CreatedLoginMethod<Api> {
  api: Api
  /** Runs once the client is ready, e.g. finishing a redirect return; its failure stays in the method's state. */
  afterReady?(): Promise<unknown>
  /** Stops the method's waits and clears its state (the client's `destroy`). */
  destroy(): void
}

/** What the lists read of any sign-in, a module's or SIWE/SIWS sign-in's (which lives with the external wallets). */
export interface SignInParts {
  /** Whether a stored name is one of its sign-in names (its `LoginMethodNames` entry): the stored 'Recent' method is checked so. */
  isSignInName(value: string): boolean
  /** The landing's entries it adds (its `LandingMethodNames` entry) from the server config. */
  readonly landing?: LandingMethods
  /** The key its accounts are known by in `findLinkedAccount`. */
  readonly accountKey?: LinkedAccountKey
  /** How its accounts move to the signed-in user after `account_transfer_required`; none: they do not. */
  readonly transfer?: AccountTransferCall
}

export interface LoginMethod<Name extends string, Api, ConfigFields = unknown> extends SignInParts {
  readonly name: Name
  /** The linked-account types this method adds to a user, and how the wire form of each maps. */
  readonly accounts?: AccountMappers
  /** The method's own fields of the effective config (its `config.ts`). */
  readonly config?: LoginMethodConfig<ConfigFields>
  create(deps: LoginMethodDeps): CreatedLoginMethod<Api>
}

/** `isSignInName` for a method with fixed sign-in names. */
export const signInNames =
  (...names: LoginMethodName[]) =>
  (value: string): boolean =>
    (names as string[]).includes(value)

/** Types a module's definition (the identity at run time). */
export const defineLoginMethod = <Name extends string, Api, ConfigFields = unknown>(
  method: LoginMethod<Name, Api, ConfigFields>,
): LoginMethod<Name, Api, ConfigFields> => method
