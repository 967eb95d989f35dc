import { defineLoginMethod } from '../login-method.js'
import { customAuthCliFlags } from './cli-flags.js'
import { customAuthLinkedAccounts } from './linked-accounts.js'
import { mountCustomJwtRoutes } from './routes.js'
import { customAuthSettings } from './settings.js'

export const customAuthModule = defineLoginMethod({
  name: 'custom-auth',
  mounts: [mountCustomJwtRoutes],
  settings: customAuthSettings,
  cliFlags: customAuthCliFlags,
  linkedAccounts: customAuthLinkedAccounts,
  appConfig: (app) => ({ custom_jwt_auth: app.loginMethods.includes('custom_jwt') }),
})
