import { recoverMessageAddress, type Address, type Hex } from 'viem'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { assertIssuedRecently, assertMessageUri } from '../siwe/message-origin.js'
import { parseCanonicalSiweMessage } from '../siwe/verify-siwe.js'
import { consumeChannel, invalidFarcasterCredentials, type FarcasterChannel } from './channels.js'
import { custodyAddress } from './custody-address.js'

/** Sign-In with Farcaster messages always name Optimism, where the Farcaster contracts live. */
const SIWF_CHAIN_ID = 10
const SIWF_STATEMENT = 'Farcaster Auth'

export interface VerifiedSiwf {
  fid: number
  custodyAddress: Address
}

/**
 * Verifies a Sign-In with Farcaster message (EIP-4361 form) against the channel it claims: domain, nonce and URI
 * the channel was opened with, the `farcaster://fid/<fid>` resource for the claimed fid, times, and a signature by
 * the fid's custody address read from the ID registry. Then spends the channel (docs/security.md #28).
 */
export async function verifySiwf(
  ctx: ServerContext,
  app: AppRecord,
  channel: FarcasterChannel,
  message: string,
  signature: Hex,
  fid: number,
): Promise<VerifiedSiwf> {
  const fields = parseCanonicalSiweMessage(message)
  if (fields.domain !== channel.domain) throw invalidFarcasterCredentials("The message domain is not the channel's")
  if (fields.nonce !== channel.nonce) throw invalidFarcasterCredentials("The message nonce is not the channel's")
  if (channel.siweUri === null) assertMessageUri(app, fields.uri)
  else if (fields.uri !== channel.siweUri) throw invalidFarcasterCredentials("The message URI is not the channel's")
  if (fields.chainId !== SIWF_CHAIN_ID || fields.statement !== SIWF_STATEMENT) throw invalidFarcasterCredentials('Not a Sign-In with Farcaster message')
  const fidResources = (fields.resources ?? []).filter((resource) => resource.startsWith('farcaster://'))
  if (fidResources.length !== 1 || fidResources[0] !== `farcaster://fid/${fid}`) throw invalidFarcasterCredentials('The message is not for this fid')
  const now = ctx.clock.now()
  assertIssuedRecently(fields.issuedAt.getTime(), now)
  if (fields.expirationTime && fields.expirationTime.getTime() <= now) throw invalidFarcasterCredentials('The message has expired')
  if (fields.notBefore && fields.notBefore.getTime() > now) throw invalidFarcasterCredentials('The message is not valid yet')

  const custody = await custodyAddress(app.farcaster, fid)
  if (fields.address !== custody) throw invalidFarcasterCredentials("The message address is not the fid's custody address")
  let signer: Address
  try {
    signer = await recoverMessageAddress({ message, signature })
  } catch {
    throw invalidFarcasterCredentials('Malformed signature')
  }
  if (signer !== custody) throw invalidFarcasterCredentials("The message is not signed by the fid's custody address")
  await consumeChannel(ctx, app.id, channel.nonce)
  return { fid, custodyAddress: custody }
}
