import { defineLoginMethod } from '../login-method.js'
import { telegramCliFlags } from './cli-flags.js'
import { telegramLinkedAccounts } from './linked-accounts.js'
import { telegramLoginScriptRoutes } from './login-script.js'
import { mountTelegramRoutes } from './routes.js'
import { redactTelegram, telegramAppConfig, telegramSettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    telegram: 'telegram'
  }
}

export const telegramModule = defineLoginMethod({
  name: 'telegram',
  loginMethods: ['telegram'],
  mounts: [mountTelegramRoutes],
  // The Login Widget's script: pages load it with a plain script tag.
  mountsBeforeAppCheck: [(app) => app.route('/', telegramLoginScriptRoutes())],
  settings: telegramSettings,
  cliFlags: telegramCliFlags,
  linkedAccounts: telegramLinkedAccounts,
  appConfig: telegramAppConfig,
  redactSecrets: redactTelegram,
})
