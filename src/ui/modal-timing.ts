// The modal's delays, apart from the view that lazily loads the screens using them, so those screens do not import it.

/** Document 1 §4 "Wallet login flow" / §9: a login that still needs the terms goes to them after 900 ms. */
export const TERMS_SCREEN_DELAY_MS = 900

/**
 * Document 2 §4 "Picker behaviour": a wallet's 'Successfully connected with {wallet}' shows this long before the
 * modal reports the login and closes (the spec's shared success delay; it gives no value, this is ours).
 */
export const SUCCESS_SCREEN_DELAY_MS = 1400

/** Document 1 §4 "Modal lifecycle": the auth flow is cleared 200 ms after close... */
export const FLOW_RESET_DELAY_MS = 200
/** ...and the modal opens 15 ms after it is asked to. */
export const MODAL_OPEN_DELAY_MS = 15
