import { defineLoginMethod } from '../login-method.js'
import { siweCliFlags } from './cli-flags.js'
import { mountSiweRoutes } from './routes.js'
import { siweSettings } from './settings.js'

export const siweModule = defineLoginMethod({
  name: 'siwe',
  mounts: [mountSiweRoutes],
  settings: siweSettings,
  cliFlags: siweCliFlags,
  appConfig: (app) => ({ wallet_auth: app.loginMethods.includes('wallet') }),
})
