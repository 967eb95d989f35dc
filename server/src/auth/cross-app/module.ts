import { defineLoginMethod } from '../login-method.js'
import { crossAppLinkedAccounts } from './linked-accounts.js'
import { mountCrossAppAppRoutes, mountCrossAppRoutes } from './routes.js'
import { crossAppSettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    crossApp: 'cross_app'
  }
}

export const crossAppModule = defineLoginMethod({
  name: 'cross-app',
  loginMethods: ['cross_app'],
  mounts: [mountCrossAppRoutes],
  // Public, like the app config: read without an app header.
  mountsBeforeAppCheck: [mountCrossAppAppRoutes],
  settings: crossAppSettings,
  linkedAccounts: crossAppLinkedAccounts,
})
