/** The guest flow's errors (sign-in spec, "The error catalogue"), apart from client-errors.ts: only the lazily loaded guest code raises them. */
import { TesseraError } from '../../errors/base-error.js'

export const storageError = (cause?: unknown) => new TesseraError({ code: 'storage_error', shortMessage: 'Unable to access storage', cause })

export const guestLinkNotSupportedError = () => new TesseraError({ code: 'not_supported', shortMessage: 'Linking is not supported for the guest flow' })
