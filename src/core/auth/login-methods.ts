/** The login methods the client offers: each is a module in its own folder; adding one adds it here. */
import type { AppConfigDto } from '../../protocol/index.js'
import type { LoginMethod as LandingMethod } from '../config/types.js'
import type { LinkedAccountKey } from '../user/account-mapper.js'
import { walletSignIn } from '../wallets/sign-in.js'
import { crossAppMethod } from './cross-app/method.js'
import { customAuthMethod } from './custom-auth/method.js'
import { emailMethod } from './email/method.js'
import { farcasterMethod } from './farcaster/method.js'
import { guestMethod } from './guest/method.js'
import type { CreatedLoginMethod, LoginMethod, LoginMethodDeps, SignInParts } from './login-method.js'
import { oauthMethod } from './oauth/method.js'
import { passkeyMethod } from './passkey/method.js'
import { smsMethod } from './sms/method.js'
import { telegramMethod } from './telegram/method.js'
import type { LoginMethodName } from './types.js'

export const loginMethods = [
  emailMethod,
  smsMethod,
  oauthMethod,
  passkeyMethod,
  telegramMethod,
  farcasterMethod,
  crossAppMethod,
  guestMethod,
  customAuthMethod,
] as const

/** Every sign-in: the methods, and SIWE/SIWS sign-in, which lives with the external wallets. */
export const signIns: readonly SignInParts[] = [...loginMethods, walletSignIn]
/**
 * The sign-ins with landing entries, in the landing's display order (the landing and its tests rely on it), which
 * is not the list's: the wallet entry comes after email and SMS, the provider apps last.
 */
export const landingDisplayOrder: readonly SignInParts[] = [
  emailMethod,
  smsMethod,
  walletSignIn,
  oauthMethod,
  farcasterMethod,
  telegramMethod,
  passkeyMethod,
  crossAppMethod,
]

/** The landing's methods the server config enables, in display order. */
export const landingMethodsFromDto = (dto: AppConfigDto): LandingMethod[] => landingDisplayOrder.flatMap((signIn) => signIn.landing?.(dto) ?? [])
/** Whether a stored value names a way to sign in. */
export const isLoginMethodName = (value: unknown): value is LoginMethodName => typeof value === 'string' && signIns.some((signIn) => signIn.isSignInName(value))
/** How `findLinkedAccount` knows each sign-in's accounts. */
export const linkedAccountKeys: readonly LinkedAccountKey[] = signIns.flatMap((signIn) => signIn.accountKey ?? [])

type Methods = (typeof loginMethods)[number]
/** `client.auth`: each method's namespace under its name. */
export type AuthNamespaces = { readonly [M in Methods as M['name']]: M extends LoginMethod<string, infer Api> ? Api : never }
/** Every method's own fields of the effective config, together (the intersection of each method's `config.ts` fields). */
type LoginMethodConfigFields = FieldsReader<Methods> extends (fields: infer All) => void ? All : never
type FieldsReader<M> = M extends LoginMethod<string, unknown, infer Fields> ? (fields: Fields) => void : never

/** Every method's own fields of the effective config: read from the server config, or their defaults without one. */
export function loginMethodConfigFields(dto?: AppConfigDto): LoginMethodConfigFields {
  return Object.assign({}, ...loginMethods.map((method) => (dto ? method.config?.fromDto(dto) : method.config?.defaults()))) as LoginMethodConfigFields
}

/** Creates every method for one client: their namespaces, and the client's hooks into them. */
export function createLoginMethods(deps: LoginMethodDeps): { auth: AuthNamespaces; created: CreatedLoginMethod<unknown>[] } {
  const created = loginMethods.map((method) => [method.name, method.create(deps)] as const)
  return { auth: Object.fromEntries(created.map(([name, method]) => [name, method.api])) as AuthNamespaces, created: created.map(([, method]) => method) }
}
