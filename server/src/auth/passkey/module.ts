import { defineLoginMethod } from '../login-method.js'
import { passkeyRoutes } from './routes.js'
import { passkeySettings } from './settings.js'

export const passkeyModule = defineLoginMethod({
  name: 'passkey',
  mounts: [{ path: '/api/v1/passkeys', routes: passkeyRoutes }],
  settings: passkeySettings,
  linkedAccounts: { types: ['passkey'], keyField: (key) => ({ credential_id: key }), internalDetails: ['sign_count'] },
})
