/** External-wallet waits (sign-in spec, "Business constants and limits"; wallet spec, "Business constants and limits"). */

/** Default time a wallet has to answer one request. */
export const WALLET_REQUEST_TIMEOUT_MS = 120_000
/** How often a wallet with a request already pending (-32002) is asked again for its accounts. */
export const WALLET_LOOKUP_INTERVAL_MS = 500
