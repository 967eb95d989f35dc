/** Storage keys, prefixed per app so two apps on one origin keep separate sessions. */
export function storageKeys(appId: string) {
  const prefix = `tessera:${appId}:`
  return {
    token: `${prefix}token`,
    refreshToken: `${prefix}refresh_token`,
    identityToken: `${prefix}id_token`,
    /** Cookie sessions: 't' while the API holds this browser's refresh token in a cookie (not a secret). */
    sessionMarker: `${prefix}session`,
    /** The last method that signed in on this device (the landing's 'Recent' chip). */
    recentLoginMethod: `${prefix}recent_login_method`,
    /** sessionStorage: the redirect OAuth flow in progress (provider, intent, state code, PKCE verifier, headless and no-signup flags). */
    oauthFlow: `${prefix}oauth_flow`,
    /** The guest credential (32 random bytes, base64url): the guest's only key, removed on logout. */
    guestCredential: `${prefix}guest`,
    analyticsId: 'tessera:caid',
  }
}
export type StorageKeys = ReturnType<typeof storageKeys>
