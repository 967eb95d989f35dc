import { defineLoginMethod } from '../login-method.js'
import { mountGuestRoutes } from './routes.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    guest: 'guest'
  }
}

export const guestModule = defineLoginMethod({
  name: 'guest',
  loginMethods: ['guest'],
  mounts: [mountGuestRoutes],
  appConfig: (app) => ({ guest_auth: app.loginMethods.includes('guest') }),
})
