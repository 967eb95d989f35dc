/**
 * The login methods' settings kept in an app's `settings` column, with their defaults (each from its `settings.ts`),
 * for `apps/store.ts`. A list apart from `login-methods.ts`: the modules' routes import the store, so the store cannot
 * import the modules; the `settings.ts` files import no route. A method with stored settings adds its defaults here.
 */
import { crossAppSettingDefaults } from './cross-app/settings.js'
import { customAuthSettingDefaults } from './custom-auth/settings.js'
import { farcasterSettingDefaults } from './farcaster/settings.js'
import { oauthSettingDefaults } from './oauth/settings.js'
import { passkeySettingDefaults } from './passkey/settings.js'
import { siweSettingDefaults } from './siwe/settings.js'
import { smsSettingDefaults } from './sms/settings.js'
import { telegramSettingDefaults } from './telegram/settings.js'

export const loginMethodSettingDefaults = {
  ...smsSettingDefaults,
  ...siweSettingDefaults,
  ...passkeySettingDefaults,
  ...telegramSettingDefaults,
  ...oauthSettingDefaults,
  ...crossAppSettingDefaults,
  ...farcasterSettingDefaults,
  ...customAuthSettingDefaults,
}
