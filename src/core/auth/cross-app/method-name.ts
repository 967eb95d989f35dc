/** The login method name of a provider app (`Recent`, login and link events). */
export const crossAppMethodName = (providerAppId: string): `privy:${string}` => `privy:${providerAppId}`
