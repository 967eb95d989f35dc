import { defineLoginMethod } from '../login-method.js'
import { smsRoutes } from './routes.js'
import { smsSettings } from './settings.js'

export const smsModule = defineLoginMethod({
  name: 'sms',
  mounts: [{ path: '/api/v1/passwordless_sms', routes: smsRoutes }],
  settings: smsSettings,
})
