import { defineLoginMethod } from '../login-method.js'
import { mountPasswordlessRoutes } from './routes.js'
import { emailSettings } from './settings.js'

export const emailModule = defineLoginMethod({
  name: 'email',
  mounts: [mountPasswordlessRoutes],
  settings: emailSettings,
  appConfig: (app) => ({ email_auth: app.loginMethods.includes('email') }),
})
