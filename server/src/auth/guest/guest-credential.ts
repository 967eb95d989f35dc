import { createHmac } from 'node:crypto'
import { GUEST_CREDENTIAL_BYTES } from '../../../../src/protocol/index.js'
import { invalidData } from '../../http/api-error.js'

const base64url = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((GUEST_CREDENTIAL_BYTES * 4) / 3)}}$`)
const hex = new RegExp(`^(0x)?[0-9a-fA-F]{${GUEST_CREDENTIAL_BYTES * 2}}$`)

/** The credential's bytes: base64url (our client and the reference SDK) or hex (with or without 0x); anything else is 400 invalid_data. */
export function parseGuestCredential(credential: string): Buffer {
  const bytes = hex.test(credential)
    ? Buffer.from(credential.replace(/^0x/, ''), 'hex')
    : base64url.test(credential)
      ? Buffer.from(credential, 'base64url')
      : null
  if (bytes?.length !== GUEST_CREDENTIAL_BYTES) throw invalidData(`Invalid guest credential: expected ${GUEST_CREDENTIAL_BYTES} random bytes, base64url or hex`)
  return bytes
}

/** Stored form: an HMAC of the bytes, so one credential in either encoding finds the same guest and a database dump reveals none. */
export const hashGuestCredential = (secret: Buffer, bytes: Buffer): string => createHmac('sha256', secret).update('guest:').update(bytes).digest('hex')
