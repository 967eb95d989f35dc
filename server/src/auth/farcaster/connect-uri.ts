/** Where a Farcaster app is sent to sign in (the QR code and the open-app button). */
const FARCASTER_SIGN_IN_URL = 'https://farcaster.xyz/~/sign-in-with-farcaster'

/**
 * The connect URI of a channel: everything the Farcaster app needs to build the SIWF message (channel token, nonce,
 * domain, URI, expiry), as the public Farcaster relay puts it.
 */
export function farcasterConnectUri(channel: { channelToken: string; nonce: string; domain: string; siweUri: string | null; expiresAt: number }): string {
  const url = new URL(FARCASTER_SIGN_IN_URL)
  url.searchParams.set('channelToken', channel.channelToken)
  url.searchParams.set('nonce', channel.nonce)
  url.searchParams.set('siweUri', channel.siweUri ?? `https://${channel.domain}`)
  url.searchParams.set('domain', channel.domain)
  url.searchParams.set('expirationTime', new Date(channel.expiresAt).toISOString())
  return url.toString()
}
