import { defineLoginMethod } from '../login-method.js'
import { passkeyCliFlags } from './cli-flags.js'
import { passkeyLinkedAccounts } from './linked-accounts.js'
import { mountPasskeyRoutes } from './routes.js'
import { passkeySettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    passkey: 'passkey'
  }
}

export const passkeyModule = defineLoginMethod({
  name: 'passkey',
  loginMethods: ['passkey'],
  mounts: [mountPasskeyRoutes],
  settings: passkeySettings,
  cliFlags: passkeyCliFlags,
  linkedAccounts: passkeyLinkedAccounts,
  appConfig: (app) => ({
    passkey_auth: app.loginMethods.includes('passkey'),
    passkeys_for_signup_enabled: app.loginMethods.includes('passkey') && app.passkeysForSignup,
  }),
})
