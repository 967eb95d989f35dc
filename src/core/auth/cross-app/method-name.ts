const crossAppPrefix = 'privy:'

/** The login method name of a provider app (`Recent`, login and link events). */
export const crossAppMethodName = (providerAppId: string): `privy:${string}` => `${crossAppPrefix}${providerAppId}`
/** The provider app id in a cross-app method name (empty in a bare prefix); null for another method's name. */
export const providerAppIdOf = (method: string): string | null => (method.startsWith(crossAppPrefix) ? method.slice(crossAppPrefix.length) : null)
