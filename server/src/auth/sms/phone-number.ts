import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max'
import { safeString } from '../../http/schemas.js'

/** Full metadata: the server is the authority on validity and on which region a number belongs to. */
const parse = (value: string): PhoneNumber | undefined => parsePhoneNumberFromString(value)

/** A valid number written with its country calling code ('+1 415 555 0100'), normalised to E.164 ('+14155550100'). */
export const phoneNumber = safeString(64)
  .transform((value) => parse(value.trim()))
  .refine((parsed) => parsed?.isValid() === true, 'must be a valid phone number with its country calling code, e.g. +1 415 555 0100')
  .transform((parsed) => parsed!.number as string)

/** The ISO 3166 alpha-2 region of an E.164 number, or null for non-geographic numbers (+800...). */
export const phoneRegion = (e164: string): string | null => parse(e164)?.country ?? null

/** '+44' for a British number: the country calling code, which several regions may share. */
export const countryCallingCode = (e164: string): string => `+${parse(e164)?.countryCallingCode ?? ''}`
