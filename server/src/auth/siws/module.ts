import { defineLoginMethod } from '../login-method.js'
import { mountSiwsRoutes } from './routes.js'

export const siwsModule = defineLoginMethod({
  name: 'siws',
  mounts: [mountSiwsRoutes],
  appConfig: (app) => ({ solana_wallet_auth: app.loginMethods.includes('solana_wallet') }),
})
