import { defineLoginMethod } from '../login-method.js'
import { oauthCallbackRoutes } from './callback.js'
import { oauthRoutes } from './routes.js'
import { oauthSettings } from './settings.js'

export const oauthModule = defineLoginMethod({
  name: 'oauth',
  mounts: [{ path: '/api/v1/oauth', routes: oauthRoutes }],
  // Providers send the browser back without our app header: the callback finds its app through the state.
  mountsBeforeAppCheck: [{ path: '/api/v1/oauth', routes: oauthCallbackRoutes }],
  settings: oauthSettings,
})
