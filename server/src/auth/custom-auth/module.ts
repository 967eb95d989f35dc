import { defineLoginMethod } from '../login-method.js'
import { customAuthCliFlags } from './cli-flags.js'
import { customAuthLinkedAccounts } from './linked-accounts.js'
import { mountCustomJwtRoutes } from './routes.js'
import { customAuthSettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    customAuth: 'custom_jwt'
  }
}

export const customAuthModule = defineLoginMethod({
  name: 'custom-auth',
  loginMethods: ['custom_jwt'],
  mounts: [mountCustomJwtRoutes],
  settings: customAuthSettings,
  cliFlags: customAuthCliFlags,
  linkedAccounts: customAuthLinkedAccounts,
  appConfig: (app) => ({ custom_jwt_auth: app.loginMethods.includes('custom_jwt') }),
})
