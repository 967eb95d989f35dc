/** External-wallet constants (document 1 §9, document 2 §9). */

/** Retry is offered while fewer than this many attempts failed. */
export const WALLET_RETRY_CAP = 2
/** Default time a wallet has to answer one request. */
export const WALLET_REQUEST_TIMEOUT_MS = 120_000
/** How often a wallet with a request already pending (-32002) is asked again for its accounts. */
export const WALLET_LOOKUP_INTERVAL_MS = 500
/** Announcements arriving within this time after discovery starts are one batch (connector initialisation fallback). */
export const WALLET_DISCOVERY_SETTLE_MS = 1500
