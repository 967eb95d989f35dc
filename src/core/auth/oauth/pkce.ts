/** PKCE S256 and the OAuth state code (RFC 7636; sign-in spec, "Entities and their fields": "OAuth client state"). */
import { sha256 } from '@noble/hashes/sha2'
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

/** base64url(SHA-256(verifier)), the `code_challenge` the server forwards to the provider (@noble/hashes: WebCrypto needs a secure context). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  return base64UrlEncode(sha256(new TextEncoder().encode(verifier)))
}
