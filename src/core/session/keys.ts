/** Storage keys, prefixed per app so two apps on one origin keep separate sessions. */
export function storageKeys(appId: string) {
  const prefix = `tessera:${appId}:`
  return {
    token: `${prefix}token`,
    refreshToken: `${prefix}refresh_token`,
    identityToken: `${prefix}id_token`,
    analyticsId: 'tessera:caid',
  }
}
export type StorageKeys = ReturnType<typeof storageKeys>
