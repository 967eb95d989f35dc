import { crossAppRoutes } from './cross-app/routes.js'
import { emailRoutes } from './email/routes.js'
import { farcasterRoutes } from './farcaster/routes.js'
import { oauthRoutes } from './oauth/routes.js'
import { passkeyRoutes } from './passkey/routes.js'
import { smsRoutes } from './sms/routes.js'
import { telegramRoutes } from './telegram/routes.js'
import { walletRoutes } from './wallet/routes.js'

/** Every login method's names in the modal, in the order of ../login-methods.ts (which lists the modules over them). */
export const loginMethodRoutes = [emailRoutes, smsRoutes, oauthRoutes, walletRoutes, crossAppRoutes, passkeyRoutes, farcasterRoutes, telegramRoutes] as const

type AnyRoutes = (typeof loginMethodRoutes)[number]
type EntryOf<Routes> = Routes extends { isEntry: (method: string) => method is infer Entry extends string } ? Entry : never

/** Login methods the landing draws a row for. */
export type LandingMethod = EntryOf<AnyRoutes>
/** The screens the login methods own. */
export type LoginMethodScreen = AnyRoutes['screens'][number]
/** The steps the login methods' actions report errors under. */
export type LoginMethodErrorStep = AnyRoutes['errorSteps'][number]
/** The steps whose failures stay on the method's own screen. */
export type InlineErrorStep = Extract<AnyRoutes, { errorsInline: true }>['errorSteps'][number]
