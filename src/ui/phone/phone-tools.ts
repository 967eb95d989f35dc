import type { CountryCode } from 'libphonenumber-js'

/** A country the selector offers: ISO code, calling code and its name in the element's language. */
export interface PhoneCountry {
  code: CountryCode
  callingCode: string
  name: string
}

/** Sign-in spec, "Entities and their fields": "Phone input": the typed number, its E.164 form (when it parses), the country and validity. */
export interface PhoneInputValue {
  rawPhoneNumber: string
  qualifiedPhoneNumber: string | null
  countryCode: CountryCode
  isValid: boolean
}

export interface PhoneTools {
  /** Every country, named (`Intl.DisplayNames`) and sorted (`Intl.Collator`) in `locale`; kept per locale. */
  countries(locale: string): PhoneCountry[]
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
  const byLocale = new Map<string, PhoneCountry[]>()
  const countries = (locale: string) => {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
    const collator = new Intl.Collator([locale, 'en'])
    return lib
      .getCountries()
      .map((code) => ({ code, callingCode: lib.getCountryCallingCode(code), name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name))
  }
  const known = new Set<string>(lib.getCountries())
  return {
    countries(locale) {
      let list = byLocale.get(locale)
      if (!list) byLocale.set(locale, (list = countries(locale)))
      return list
    },
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
