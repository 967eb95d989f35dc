/** Where Google sends the browser back after a Drive consent: one fixed URL to register with the app's Google client. */
export const RECOVERY_OAUTH_CALLBACK_PATH = '/api/v1/recovery/oauth/callback'
export const recoveryCallbackUrl = (origin: string) => `${origin}${RECOVERY_OAUTH_CALLBACK_PATH}`
