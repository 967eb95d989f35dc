import { safeString } from '../../http/schemas.js'

/** RFC 7636 §4.1: 43–128 unreserved characters; state codes follow the same rule. */
export const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
/** base64url of a SHA-256 digest, unpadded. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

export const appId = safeString(64)
export const stateCode = safeString(128).regex(VERIFIER, 'must be 43-128 URL-safe characters')
