import { defineLoginMethod } from '../login-method.js'
import { crossAppAppRoutes, crossAppRoutes } from './routes.js'
import { crossAppSettings } from './settings.js'

export const crossAppModule = defineLoginMethod({
  name: 'cross-app',
  mounts: [{ path: '/api/v1/cross-app', routes: crossAppRoutes }],
  // Public, like the app config: read without an app header.
  mountsBeforeAppCheck: [{ path: '/api/v1/apps', routes: crossAppAppRoutes }],
  settings: crossAppSettings,
})
