import { defineLoginMethod } from '../login-method.js'
import { smsCliFlags } from './cli-flags.js'
import { smsLinkedAccounts } from './linked-accounts.js'
import { mountSmsRoutes } from './routes.js'
import { smsSettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    sms: 'sms'
  }
}

export const smsModule = defineLoginMethod({
  name: 'sms',
  loginMethods: ['sms'],
  mounts: [mountSmsRoutes],
  settings: smsSettings,
  cliFlags: smsCliFlags,
  linkedAccounts: smsLinkedAccounts,
  appConfig: (app) => ({ sms_auth: app.loginMethods.includes('sms') }),
})
