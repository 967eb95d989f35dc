/** PKCE S256 and the OAuth state code (RFC 7636; document 1 §3 "OAuth client state"). */
import { OAUTH_STATE_BYTES } from '../../../protocol/index.js'

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** OAUTH_STATE_BYTES (36) random bytes, base64url: 48 characters, 288 bits. */
export function randomOAuthSecret(): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(OAUTH_STATE_BYTES)))
}

/** base64url(SHA-256(verifier)), the `code_challenge` the server forwards to the provider. */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64UrlEncode(new Uint8Array(digest))
}
