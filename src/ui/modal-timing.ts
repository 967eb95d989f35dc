// The modal's delays, apart from the view that lazily loads the screens using them, so those screens do not import it.

/** Sign-in spec, "States and transitions": "Wallet login flow"; "Business constants and limits": a login that still needs the terms goes to them after 900 ms. */
export const TERMS_SCREEN_DELAY_MS = 900

/**
 * Wallet spec, "States and transitions": "Picker behaviour": a wallet's 'Successfully connected with {wallet}' shows this long before the
 * modal reports the login and closes (the spec's shared success delay; it gives no value, this is ours).
 */
export const SUCCESS_SCREEN_DELAY_MS = 1400

/** Sign-in spec, "States and transitions": "Modal lifecycle": the auth flow is cleared 200 ms after close... */
export const FLOW_RESET_DELAY_MS = 200
/** ...and the modal opens 15 ms after it is asked to. */
export const MODAL_OPEN_DELAY_MS = 15
