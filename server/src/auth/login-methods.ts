/** The server's login methods: each is a module in its own folder (`login-method.ts`); adding one adds it here. */
import type { LoginMethod } from '../apps/types.js'
import { crossAppModule } from './cross-app/module.js'
import { customAuthModule } from './custom-auth/module.js'
import { emailModule } from './email/module.js'
import { farcasterModule } from './farcaster/module.js'
import { guestModule } from './guest/module.js'
import { oauthModule } from './oauth/module.js'
import { passkeyModule } from './passkey/module.js'
import { siweModule } from './siwe/module.js'
import { siwsModule } from './siws/module.js'
import { smsModule } from './sms/module.js'
import { telegramModule } from './telegram/module.js'

export const loginMethodModules = [
  emailModule,
  smsModule,
  guestModule,
  siweModule,
  siwsModule,
  passkeyModule,
  telegramModule,
  oauthModule,
  crossAppModule,
  farcasterModule,
  customAuthModule,
] as const

/** Every name an app's `login_methods` can hold, in the modules' order (the settings file, the CLI and its usage). */
export const loginMethodNames: readonly LoginMethod[] = loginMethodModules.flatMap((module) => module.loginMethods)
