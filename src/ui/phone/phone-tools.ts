import type { CountryCode } from 'libphonenumber-js'

/** A country the selector offers: ISO code, calling code and English name. */
export interface PhoneCountry {
  code: CountryCode
  callingCode: string
  name: string
}

/** Document 1 §3 "Phone input": the typed number, its E.164 form (when it parses), the country and validity. */
export interface PhoneInputValue {
  rawPhoneNumber: string
  qualifiedPhoneNumber: string | null
  countryCode: CountryCode
  isValid: boolean
}

export interface PhoneTools {
  countries: PhoneCountry[]
  /** The country to start with: the configured one when libphonenumber knows it, else US. */
  initialCountry(configured: string): CountryCode
  /** Formats while typing; deletions keep the raw text so Backspace can remove a separator. */
  typed(country: CountryCode, text: string, previous: string): PhoneInputValue
}

type Libphonenumber = typeof import('libphonenumber-js')

let loaded: Promise<PhoneTools> | undefined

/** Phone helpers over libphonenumber-js, loaded with the first phone screen (never in the first chunk) and kept. */
export function loadPhoneTools(): Promise<PhoneTools> {
  return (loaded ??= import('libphonenumber-js').then(phoneTools))
}

export function phoneTools(lib: Libphonenumber): PhoneTools {
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  const countries = lib
    .getCountries()
    .map((code) => ({ code, callingCode: lib.getCountryCallingCode(code), name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name))
  const known = new Set<string>(lib.getCountries())
  return {
    countries,
    initialCountry: (configured) => (known.has(configured.toUpperCase()) ? (configured.toUpperCase() as CountryCode) : 'US'),
    typed(country, text, previous) {
      const deleting = text.length < previous.length
      const rawPhoneNumber = deleting ? text : new lib.AsYouType(country).input(text)
      const parsed = lib.parsePhoneNumberFromString(text, country)
      const isValid = Boolean(parsed?.isValid() && parsed.country === country)
      return { rawPhoneNumber, qualifiedPhoneNumber: isValid && parsed ? parsed.number : null, countryCode: country, isValid }
    },
  }
}
