import { defineLoginMethod } from '../login-method.js'
import { mountSiweRoutes } from './routes.js'
import { siweSettings } from './settings.js'

export const siweModule = defineLoginMethod({
  name: 'siwe',
  mounts: [mountSiweRoutes],
  settings: siweSettings,
  appConfig: (app) => ({ wallet_auth: app.loginMethods.includes('wallet') }),
})
