import { recoveryRoutes } from '../../../src/protocol/recovery-routes.js'

/** Where Google sends the browser back after a Drive consent: one fixed URL to register with the app's Google client. */
export const RECOVERY_OAUTH_CALLBACK_PATH = recoveryRoutes.oauthCallback.path
export const recoveryCallbackUrl = (origin: string) => `${origin}${RECOVERY_OAUTH_CALLBACK_PATH}`
