/** The MFA endpoints, which the wallet frame (this server's origin) and the app's page both call. */
export const isMfaApiPath = (path: string) => path.startsWith('/api/v1/mfa/')
