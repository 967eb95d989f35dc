import { z } from 'zod'
import { fromPasskeyWire } from '../../../../src/protocol/index.js'
import { safeString } from '../../http/schemas.js'

export const base64url = safeString(4096).regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
const extensions = z.record(z.string(), z.unknown()).optional()
const registrationResponse = z
  .object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z
      .object({ clientDataJSON: base64url, attestationObject: safeString(16384).regex(/^[A-Za-z0-9_-]+$/), transports: z.array(safeString(32)).optional() })
      .passthrough(),
    authenticatorAttachment: safeString(32).nullish(),
    clientExtensionResults: extensions.default({}),
  })
  .passthrough()
const authenticationResponse = z
  .object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.nullish() }).passthrough(),
    authenticatorAttachment: safeString(32).nullish(),
    clientExtensionResults: extensions.default({}),
  })
  .passthrough()

// The reference clients send the answer in snake_case (wallet spec, "Entities and their fields": "Passkey assertion payload").
export const registrationAnswer = z.preprocess(fromPasskeyWire, registrationResponse)
export const authenticationAnswer = z.preprocess(fromPasskeyWire, authenticationResponse)

/** A ceremony's `init`: the CAPTCHA token, where the app asks for one. */
export const initBody = z.object({ token: safeString(4096).nullish() })
export const relyingParty = safeString(253).nullish()
