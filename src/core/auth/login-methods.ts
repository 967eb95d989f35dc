/** The login methods the client offers: each is a module in its own folder; adding one adds it here. */
import type { AppConfigDto } from '../../protocol/index.js'
import { crossAppMethod } from './cross-app/method.js'
import { customAuthMethod } from './custom-auth/method.js'
import { emailMethod } from './email/method.js'
import { farcasterMethod } from './farcaster/method.js'
import { guestMethod } from './guest/method.js'
import type { CreatedLoginMethod, LoginMethod, LoginMethodDeps } from './login-method.js'
import { oauthMethod } from './oauth/method.js'
import { passkeyMethod } from './passkey/method.js'
import { smsMethod } from './sms/method.js'
import { telegramMethod } from './telegram/method.js'

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
