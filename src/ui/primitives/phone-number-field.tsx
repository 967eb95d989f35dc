import { useId } from 'react'
import type { CountryCode } from 'libphonenumber-js'
import { useLocale } from '../copy/translator.js'
import type { PhoneInputValue, PhoneTools } from '../phone/phone-tools.js'
import * as styles from '../styles/modal.css.js'
import * as landingStyles from '../styles/landing.css.js'
import { CountrySelector } from './country-selector.js'

/** A number not typed yet, in `countryCode`. */
export const emptyPhoneNumber = (countryCode: CountryCode): PhoneInputValue => ({ rawPhoneNumber: '', qualifiedPhoneNumber: null, countryCode, isValid: false })

export interface PhoneNumberFieldProps {
  tools: PhoneTools
  value: PhoneInputValue
  onChange(value: PhoneInputValue): void
  label: string
  /** The input's `part` names. */
  part: string
  /** The id of a hint that describes the field, when one shows. */
  describedBy?: string
}

/** Country selector and number input, formatting as the user types (sign-in spec, "Entities and their fields": "Phone input"). */
export function PhoneNumberField({ tools, value, onChange, label, part, describedBy }: PhoneNumberFieldProps) {
  const inputId = useId()
  const locale = useLocale()
  return (
    <div className={landingStyles.phoneRow}>
      <CountrySelector countries={tools.countries(locale)} value={value.countryCode} onChange={(country) => onChange(emptyPhoneNumber(country))} />
      <div className={styles.form}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        <input
          id={inputId}
          part={part}
          className={styles.input}
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="tel"
          // The screen replaces the button that opened it: keyboard focus continues in the number field.
          autoFocus
          value={value.rawPhoneNumber}
          aria-describedby={describedBy}
          onChange={(event) => onChange(tools.typed(value.countryCode, event.target.value, value.rawPhoneNumber))}
        />
      </div>
    </div>
  )
}
