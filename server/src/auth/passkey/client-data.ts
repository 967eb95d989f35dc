import { z } from 'zod'
import type { AppRecord } from '../../apps/types.js'
import { ApiError } from '../../http/api-error.js'
import { isAllowedOrigin } from './relying-party.js'

export const invalidPasskey = (message = 'Invalid passkey response') => new ApiError(400, 'invalid_credentials', message)

const clientDataSchema = z.object({
  type: z.string(),
  challenge: z.string().min(1),
  origin: z.string().min(1),
  crossOrigin: z.boolean().optional(),
  topOrigin: z.string().optional(),
})

/** What the browser says about the ceremony, after the origin checks simplewebauthn leaves to us. */
export interface CheckedClientData {
  challenge: string
  origin: string
  topOrigin: string | undefined
}

/**
 * Decodes `clientDataJSON` and applies the app's origin allowlist (docs/security.md #19): the origin, and for an
 * embedded (cross-origin) ceremony its top origin too, must be allowed. Port-wildcard entries need this
 * here because simplewebauthn only compares exact strings.
 */
export function checkClientData(app: AppRecord, clientDataJSON: string): CheckedClientData {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
  } catch {
    throw invalidPasskey()
  }
  const data = clientDataSchema.safeParse(parsed)
  if (!data.success) throw invalidPasskey()
  const { challenge, origin, crossOrigin, topOrigin } = data.data
  if (!isAllowedOrigin(app, origin)) throw invalidPasskey('Passkey response comes from an origin that is not allowed')
  if (crossOrigin && (!topOrigin || !isAllowedOrigin(app, topOrigin))) throw invalidPasskey('Passkey response comes from a top origin that is not allowed')
  return { challenge, origin, topOrigin }
}
