import { oauthProviders, type OAuthProvider } from '../../../../src/protocol/index.js'
import { defineLoginMethod } from '../login-method.js'
import { oauthCliFlags } from './cli-flags.js'
import { oauthLinkedAccounts } from './linked-accounts.js'
import { mountOauthCallbackRoutes } from './callback.js'
import { mountOauthRoutes } from './routes.js'
import { oauthAppConfig, oauthSettings, redactOAuth } from './settings.js'

declare module '../../apps/types.js' {
  interface LoginMethodNames {
    oauth: OAuthProvider
  }
}

export const oauthModule = defineLoginMethod({
  name: 'oauth',
  loginMethods: oauthProviders,
  mounts: [mountOauthRoutes],
  // Providers send the browser back without our app header: the callback finds its app through the state.
  mountsBeforeAppCheck: [mountOauthCallbackRoutes],
  settings: oauthSettings,
  cliFlags: oauthCliFlags,
  linkedAccounts: oauthLinkedAccounts,
  appConfig: oauthAppConfig,
  redactSecrets: redactOAuth,
})
