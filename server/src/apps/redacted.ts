/** What `apps show` prints in place of a secret that is set. */
export const REDACTED = '********'
/** A secret that may be unset: masked when set. */
export const redact = (value: string | null | undefined) => (value ? REDACTED : (value ?? null))
