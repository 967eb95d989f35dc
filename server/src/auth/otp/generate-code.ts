import { randomInt } from 'node:crypto'
import { OTP_LENGTH } from '../../../../src/protocol/index.js'

/** A uniformly random numeric code from the CSPRNG, zero-padded to OTP_LENGTH digits. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}
