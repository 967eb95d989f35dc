/** The email rules' errors (sign-in spec, "The error catalogue"), apart from client-errors.ts: only the lazily loaded email channel raises them. */
import { TesseraError } from '../../errors/base-error.js'

export const invalidEmailError = () => new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid email address' })

export const plusEmailError = () => new TesseraError({ code: 'disallowed_plus_email', shortMessage: "Please enter a valid email address without a '+'." })
