import type { LocalAccount } from 'viem'
import { createSiweMessage } from 'viem/siwe'

/** What a Farcaster app reads from a connect URI (the QR code) to build its Sign-In with Farcaster message. */
export function parseConnectUri(connectUri: string) {
  const params = new URL(connectUri).searchParams
  const read = (name: string) => {
    const value = params.get(name)
    if (!value) throw new Error(`connect URI without ${name}`)
    return value
  }
  return {
    channelToken: read('channelToken'),
    nonce: read('nonce'),
    domain: read('domain'),
    siweUri: read('siweUri'),
    expirationTime: new Date(read('expirationTime')),
  }
}

export interface SiwfMessageInput {
  domain: string
  siweUri: string
  nonce: string
  fid: number
  custody: LocalAccount
  issuedAt: Date
  expirationTime?: Date
}

/** A Sign-In with Farcaster message as Farcaster apps write it (statement, chain 10, the fid resource), signed by `custody`. */
export async function signSiwfMessage(
  input: SiwfMessageInput,
  overrides: { resources?: string[]; domain?: string; nonce?: string; signer?: LocalAccount } = {},
) {
  const message = createSiweMessage({
    domain: overrides.domain ?? input.domain,
    address: input.custody.address,
    statement: 'Farcaster Auth',
    uri: input.siweUri,
    version: '1',
    chainId: 10,
    nonce: overrides.nonce ?? input.nonce,
    issuedAt: input.issuedAt,
    expirationTime: input.expirationTime,
    resources: overrides.resources ?? [`farcaster://fid/${input.fid}`],
  })
  return { message, signature: await (overrides.signer ?? input.custody).signMessage({ message }) }
}

export interface FarcasterAppSignIn {
  apiUrl: string
  connectUri: string
  fid: number
  custody: LocalAccount
  now: Date
  profile?: { username?: string; display_name?: string; bio?: string; pfp_url?: string }
  overrides?: Parameters<typeof signSiwfMessage>[1]
}

/** Plays the Farcaster app: reads the connect URI, signs the message, and posts it to the server's relay. */
export async function approveInFarcasterApp(input: FarcasterAppSignIn): Promise<Response> {
  const channel = parseConnectUri(input.connectUri)
  const signed = await signSiwfMessage({ ...channel, fid: input.fid, custody: input.custody, issuedAt: input.now }, input.overrides)
  return fetch(`${input.apiUrl}/api/v1/farcaster/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.channelToken}` },
    body: JSON.stringify({ ...signed, fid: input.fid, ...input.profile }),
  })
}
