/** The package version, sent as `privy-client: tessera:<version>` so servers can tell clients apart. */
export const version = '0.1.0'
export const clientTag = `tessera:${version}`
