/** Sign-in spec, "States and transitions": "CAPTCHA": the screen's timings and retry allowance. */
export const CAPTCHA_AUTO_EXECUTE_MS = 500
/** Nothing but 'Checking…' shows before this, so a quick pass never flashes a status. */
export const CAPTCHA_STATUS_DELAY_MS = 1000
/** A pass that came before any status showed is handed on this long after it came. */
export const CAPTCHA_RESULT_DELAY_MS = 1000
/** A pass that shows 'Success!' stays on screen this long before it is handed on. */
export const CAPTCHA_SUCCESS_DISPLAY_MS = 2000
export const CAPTCHA_MAX_RETRIES = 3
