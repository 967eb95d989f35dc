import { defineLoginMethod } from '../login-method.js'
import { siweCliFlags } from './cli-flags.js'
import { mountSiweRoutes } from './routes.js'
import { siweSettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    siwe: 'wallet'
  }
}

export const siweModule = defineLoginMethod({
  name: 'siwe',
  loginMethods: ['wallet'],
  mounts: [mountSiweRoutes],
  settings: siweSettings,
  cliFlags: siweCliFlags,
  appConfig: (app) => ({ wallet_auth: app.loginMethods.includes('wallet') }),
})
