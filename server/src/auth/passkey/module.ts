import { defineLoginMethod } from '../login-method.js'
import { passkeyRoutes } from './routes.js'
import { passkeySettings } from './settings.js'

export const passkeyModule = defineLoginMethod({
  name: 'passkey',
  mounts: [{ path: '/api/v1/passkeys', routes: passkeyRoutes }],
  settings: passkeySettings,
})
