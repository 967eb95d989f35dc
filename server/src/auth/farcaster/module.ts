import { defineLoginMethod } from '../login-method.js'
import { farcasterRelayRoutes, farcasterRoutes } from './routes.js'
import { farcasterSettings } from './settings.js'

export const farcasterModule = defineLoginMethod({
  name: 'farcaster',
  mounts: [{ path: '/api/v1/farcaster', routes: farcasterRoutes }],
  // The Farcaster app posts to the relay without our app header: the channel token names the app.
  mountsBeforeAppCheck: [{ path: '/api/v1/farcaster', routes: farcasterRelayRoutes }],
  settings: farcasterSettings,
})
