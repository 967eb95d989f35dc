import { defineLoginMethod } from '../login-method.js'
import { farcasterCliFlags } from './cli-flags.js'
import { farcasterLinkedAccounts } from './linked-accounts.js'
import { mountFarcasterRelayRoutes, mountFarcasterRoutes } from './routes.js'
import { farcasterSettings } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    farcaster: 'farcaster'
  }
}

export const farcasterModule = defineLoginMethod({
  name: 'farcaster',
  loginMethods: ['farcaster'],
  mounts: [mountFarcasterRoutes],
  // The Farcaster app posts to the relay without our app header: the channel token names the app.
  mountsBeforeAppCheck: [mountFarcasterRelayRoutes],
  settings: farcasterSettings,
  cliFlags: farcasterCliFlags,
  linkedAccounts: farcasterLinkedAccounts,
  appConfig: (app) => ({ farcaster_auth: app.loginMethods.includes('farcaster') }),
})
