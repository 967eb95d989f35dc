import { defineLoginMethod } from '../login-method.js'
import { mountSiwsRoutes } from './routes.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    siws: 'solana_wallet'
  }
}

export const siwsModule = defineLoginMethod({
  name: 'siws',
  loginMethods: ['solana_wallet'],
  mounts: [mountSiwsRoutes],
  appConfig: (app) => ({ solana_wallet_auth: app.loginMethods.includes('solana_wallet') }),
})
