import { defineLoginMethod } from '../login-method.js'
import { crossAppLinkedAccounts } from './linked-accounts.js'
import { mountCrossAppAppRoutes, mountCrossAppRoutes } from './routes.js'
import { crossAppSettings } from './settings.js'

export const crossAppModule = defineLoginMethod({
  name: 'cross-app',
  mounts: [mountCrossAppRoutes],
  // Public, like the app config: read without an app header.
  mountsBeforeAppCheck: [mountCrossAppAppRoutes],
  settings: crossAppSettings,
  linkedAccounts: crossAppLinkedAccounts,
})
