import { defineLoginMethod } from '../login-method.js'
import { smsLinkedAccounts } from './linked-accounts.js'
import { mountSmsRoutes } from './routes.js'
import { smsSettings } from './settings.js'

export const smsModule = defineLoginMethod({
  name: 'sms',
  mounts: [mountSmsRoutes],
  settings: smsSettings,
  linkedAccounts: smsLinkedAccounts,
  appConfig: (app) => ({ sms_auth: app.loginMethods.includes('sms') }),
})
