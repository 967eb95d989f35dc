import { defineLoginMethod } from '../login-method.js'
import { mountPasswordlessRoutes } from './routes.js'
import { emailSettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    email: 'email'
  }
}

export const emailModule = defineLoginMethod({
  name: 'email',
  loginMethods: ['email'],
  mounts: [mountPasswordlessRoutes],
  settings: emailSettings,
  appConfig: (app) => ({ email_auth: app.loginMethods.includes('email') }),
})
