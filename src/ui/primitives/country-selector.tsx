import { useId } from 'react'
import type { CountryCode } from 'libphonenumber-js'
import { useT } from '../copy/phone.js'
import type { PhoneCountry } from '../phone/phone-tools.js'
import * as styles from '../styles/modal.css.js'

interface CountrySelectorProps {
  countries: PhoneCountry[]
  value: CountryCode
  onChange(country: CountryCode): void
}

/** A labelled native select: every country with its calling code, keyboard-usable as the platform makes it. */
export function CountrySelector({ countries, value, onChange }: CountrySelectorProps) {
  const t = useT()
  const id = useId()
  return (
    <div className={styles.form}>
      <label htmlFor={id} className={styles.label}>
        {t('phone.country')}
      </label>
      <select id={id} part="country-select" className={styles.input} value={value} onChange={(event) => onChange(event.target.value as CountryCode)}>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {t('phone.countryOption', { country: country.name, code: country.callingCode })}
          </option>
        ))}
      </select>
    </div>
  )
}
