import canonicalize from 'canonicalize'

/**
 * Authorization signatures (wallet spec, "Roles and permissions"): a request to a server-managed wallet carries a user signer's (or the app's
 * session signer's) ECDSA P-256 signature over the RFC 8785 canonical form of the request, so the server never signs
 * on a bearer token alone. The expiry header is signed too: a captured request stops working after it, and the server
 * refuses a second use before it.
 */
export const AUTHORIZATION_SIGNATURE_HEADER = 'privy-authorization-signature'
export const REQUEST_EXPIRY_HEADER = 'privy-request-expiry'
export const APP_ID_HEADER_NAME = 'privy-app-id'

/** How long a signed request stays valid: long enough for a slow network, short enough to keep the replay store small. */
export const AUTHORIZATION_SIGNATURE_TTL_MS = 5 * 60_000

export interface AuthorizationPayloadInput {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** The full URL the request is sent to, e.g. `https://api.example.com/api/v1/wallets/<id>/rpc`. */
  url: string
  body: unknown
  appId: string
  /**
   * Unix milliseconds after which the server refuses the request (the `privy-request-expiry` header). Absent: the
   * reference clients' form, which signs no expiry; the server takes it only with the owner's session (server README).
   */
  expiresAt?: number
}

/**
 * A wallet API request as it is signed (the reference's `GenerateAuthorizationSignatureInput`): the headers named are
 * signed too, so this server's `privy-request-expiry` must be among them.
 */
export interface AuthorizationRequest {
  version: 1
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  url: string
  body: unknown
  headers: { [APP_ID_HEADER_NAME]: string } & Record<string, string>
}

/** The exact bytes a signer signs and a verifier checks: the request in RFC 8785 canonical form. */
export function canonicalAuthorizationRequest(request: AuthorizationRequest): string {
  const canonical = canonicalize(request)
  if (canonical === undefined) throw new TypeError('The request cannot be put in canonical form')
  return canonical
}

/** What this server verifies for a request to a server-managed wallet: `{version: 1, method, url, body, headers}` with the app id and expiry. */
export function authorizationPayload(input: AuthorizationPayloadInput): string {
  const headers = { [APP_ID_HEADER_NAME]: input.appId, ...(input.expiresAt !== undefined && { [REQUEST_EXPIRY_HEADER]: String(input.expiresAt) }) }
  return canonicalAuthorizationRequest({ version: 1, method: input.method, url: input.url, body: input.body, headers })
}
