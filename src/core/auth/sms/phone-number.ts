/** Phone numbers in E.164 (sign-in spec, "Validation rules": "Phone"), parsed with libphonenumber-js loaded on first use. */
import { TesseraError } from '../../errors/base-error.js'

type PhoneNumberLibrary = typeof import('libphonenumber-js')

let library: Promise<PhoneNumberLibrary> | null = null

/** The phone metadata is too heavy for the login modal's first chunk, so it loads when a number is first read. */
export function loadPhoneNumberLibrary(): Promise<PhoneNumberLibrary> {
  library ??= import('libphonenumber-js').catch((error: unknown) => {
    // A failed chunk load may succeed on the next attempt.
    library = null
    throw error
  })
  return library
}

export const invalidPhoneNumberError = () => new TesseraError({ code: 'invalid_data', shortMessage: 'Invalid phone number' })

/**
 * The number in E.164 (`+14155552671`): international input as is, national input in `defaultCountry`
 * (ISO 3166 alpha-2). Invalid numbers, and numbers with an extension (no SMS reaches one), are refused.
 */
export async function normalizePhoneNumber(raw: string, defaultCountry: string): Promise<string> {
  const { isSupportedCountry, parsePhoneNumberFromString } = await loadPhoneNumberLibrary()
  const country = isSupportedCountry(defaultCountry) ? defaultCountry : undefined
  const parsed = parsePhoneNumberFromString(raw.trim(), country)
  if (!parsed?.isValid() || parsed.ext) throw invalidPhoneNumberError()
  return parsed.number
}
