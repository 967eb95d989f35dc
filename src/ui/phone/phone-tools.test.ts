import * as libphonenumber from 'libphonenumber-js'
import { describe, expect, it } from 'vitest'
import { phoneTools } from './phone-tools.js'

const tools = phoneTools(libphonenumber)

describe('phoneTools', () => {
  it('lists countries by name with their calling codes', () => {
    expect(tools.countries('en').find((country) => country.code === 'GB')).toEqual({ code: 'GB', callingCode: '44', name: 'United Kingdom' })
    const names = tools.countries('en').map((country) => country.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it("names and sorts the countries in the element's language", () => {
    const spanish = tools.countries('es-MX')
    expect(spanish.find((country) => country.code === 'DE')).toEqual({ code: 'DE', callingCode: '49', name: 'Alemania' })
    const names = spanish.map((country) => country.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('es').compare))
    // Spanish order puts 'Ñ' after 'N', where a code-point sort would put it after 'Z'.
    expect(names.indexOf('Nigeria')).toBeLessThan(names.findIndex((name) => name.startsWith('Noruega')))
    expect(tools.countries('ar').find((country) => country.code === 'EG')?.name).toBe('مصر')
    expect(tools.countries('ja').find((country) => country.code === 'JP')?.name).toBe('日本')
  })

  it('starts on the configured country, else US', () => {
    expect(tools.initialCountry('de')).toBe('DE')
    expect(tools.initialCountry('XX')).toBe('US')
  })

  it('formats as you type and is valid only for a full number of the chosen country', () => {
    expect(tools.typed('US', '415555', '')).toMatchObject({ rawPhoneNumber: '(415) 555', isValid: false, qualifiedPhoneNumber: null })
    expect(tools.typed('US', '4155552671', '')).toEqual({
      rawPhoneNumber: '(415) 555-2671',
      qualifiedPhoneNumber: '+14155552671',
      countryCode: 'US',
      isValid: true,
    })
    // A valid UK number typed while the US is selected does not count.
    expect(tools.typed('US', '+44 20 7946 0958', '').isValid).toBe(false)
    expect(tools.typed('GB', '020 7946 0958', '').qualifiedPhoneNumber).toBe('+442079460958')
  })

  it('keeps the raw text while deleting, so a separator can be removed', () => {
    expect(tools.typed('US', '(415) 555', '(415) 555-').rawPhoneNumber).toBe('(415) 555')
    expect(tools.typed('US', '(415', '(415)').rawPhoneNumber).toBe('(415')
  })
})
