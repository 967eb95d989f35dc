import { defineLoginMethod } from '../login-method.js'
import { passwordlessRoutes } from './routes.js'
import { emailSettings } from './settings.js'

export const emailModule = defineLoginMethod({
  name: 'email',
  mounts: [{ path: '/api/v1/passwordless', routes: passwordlessRoutes }],
  settings: emailSettings,
})
