import { defineLoginMethod } from '../login-method.js'
import { telegramLoginScriptRoutes } from './login-script.js'
import { telegramRoutes } from './routes.js'
import { telegramSettings } from './settings.js'

export const telegramModule = defineLoginMethod({
  name: 'telegram',
  mounts: [{ path: '/api/v1/telegram', routes: telegramRoutes }],
  // The Login Widget's script: pages load it with a plain script tag.
  mountsBeforeAppCheck: [{ path: '/', routes: () => telegramLoginScriptRoutes() }],
  settings: telegramSettings,
})
