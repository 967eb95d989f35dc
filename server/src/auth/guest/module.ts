import { defineLoginMethod } from '../login-method.js'
import { mountGuestRoutes } from './routes.js'

export const guestModule = defineLoginMethod({
  name: 'guest',
  mounts: [mountGuestRoutes],
  appConfig: (app) => ({ guest_auth: app.loginMethods.includes('guest') }),
})
