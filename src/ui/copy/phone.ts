/** The phone-number screen's strings (sign-in spec, "Screens and routes"), loaded with it. `t` also knows the first chunk's keys. */
import { copy } from './en.js'
import { translator } from './translator.js'

export const phoneCopy = {
  'phone.title': 'Enter your phone number',
  'phone.country': 'Country',
  'phone.countryOption': '{country} +{code}',
  'phone.label': 'Phone number',
  'phone.invalid': 'Enter a valid phone number for this country',
  'update.sms.label': 'New phone number',
} as const

export const { t, useT } = translator({ ...copy, ...phoneCopy })
