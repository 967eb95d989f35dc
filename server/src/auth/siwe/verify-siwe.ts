import { createPublicClient, getAddress, http, isAddress, recoverMessageAddress, type Address, type Hex } from 'viem'
import { createSiweMessage, parseSiweMessage, type SiweMessage } from 'viem/siwe'
import type { AppRecord } from '../../apps/types.js'
import type { ServerContext } from '../../context.js'
import { assertIssuedRecently, assertMessageUri } from './message-origin.js'
import { consumeWalletNonce, invalidWalletSignature } from './wallet-nonces.js'

/** Chains a SIWE message may name when the app lists none: Ethereum, Optimism, BNB, Polygon, Base, Arbitrum, Sepolia, Base Sepolia. */
export const DEFAULT_SIWE_CHAIN_IDS = [1, 10, 56, 137, 8453, 42161, 11155111, 84532]
/** Anvil's chain: accepted by default on a development server only. */
const LOCAL_CHAIN_ID = 31337

/** Where a contract signer's chain and RPC come from; by default the app's SIWE chains and wallet RPC URLs. */
export interface SiweSignerChains {
  chainIds: (ctx: ServerContext, app: AppRecord) => number[]
  rpcUrl: (app: AppRecord, chainId: number) => string | undefined
}
const walletSignerChains: SiweSignerChains = { chainIds: siweChainIds, rpcUrl: (app, chainId) => app.walletRpcUrls[String(chainId)] }

export interface VerifiedSiwe {
  /** EIP-55 checksummed signer. */
  address: Address
  chainId: number
}

/**
 * Verifies an EIP-4361 message and its signature for this request: canonical form, domain and scheme of the
 * request Origin, allowed URI and chain, fresh issued-at, expiration and not-before, then the signer (an
 * account key, or an ERC-1271 contract over the chain's RPC), and last spends the nonce issued for that address.
 */
export async function verifySiwe(
  ctx: ServerContext,
  app: AppRecord,
  origin: URL,
  message: string,
  signature: Hex,
  chains = walletSignerChains,
): Promise<VerifiedSiwe> {
  const fields = parseCanonicalSiweMessage(message)
  if (fields.domain !== origin.host) throw invalidWalletSignature('The message domain does not match the request origin')
  if (fields.scheme !== undefined && `${fields.scheme}:` !== origin.protocol)
    throw invalidWalletSignature('The message scheme does not match the request origin')
  assertMessageUri(app, fields.uri)
  if (!chains.chainIds(ctx, app).includes(fields.chainId)) throw invalidWalletSignature('The message names a chain this app does not accept')
  const now = ctx.clock.now()
  assertIssuedRecently(fields.issuedAt.getTime(), now)
  if (fields.expirationTime && fields.expirationTime.getTime() <= now) throw invalidWalletSignature('The message has expired')
  if (fields.notBefore && fields.notBefore.getTime() > now) throw invalidWalletSignature('The message is not valid yet')
  if (!(await signedBy(chains.rpcUrl(app, fields.chainId), fields, message, signature)))
    throw invalidWalletSignature('The signature does not match the address')
  await consumeWalletNonce(ctx, app.id, 'ethereum', fields.address.toLowerCase(), fields.nonce)
  return { address: fields.address, chainId: fields.chainId }
}

export type CanonicalSiwe = SiweMessage & { issuedAt: Date }

/** Parses the message and requires it to be exactly what EIP-4361 formatting of its fields gives: nothing smuggled around them. */
export function parseCanonicalSiweMessage(message: string): CanonicalSiwe {
  const parsed = parseSiweMessage(message)
  const { address, chainId, domain, nonce, uri, version, issuedAt } = parsed
  if (!address || !isAddress(address, { strict: false }) || !chainId || !domain || !nonce || !uri || version !== '1' || !issuedAt) {
    throw invalidWalletSignature('Not a Sign-In with Ethereum message')
  }
  for (const date of [issuedAt, parsed.expirationTime, parsed.notBefore]) {
    if (date && Number.isNaN(date.getTime())) throw invalidWalletSignature('The message has an invalid date')
  }
  const fields = { ...parsed, address: getAddress(address), chainId, domain, nonce, uri, version, issuedAt }
  let canonical: string
  try {
    canonical = createSiweMessage(fields)
  } catch {
    throw invalidWalletSignature('Not a Sign-In with Ethereum message')
  }
  // The address line may be written in any case; the rest must match byte for byte.
  if (canonical !== message.replace(address, fields.address)) throw invalidWalletSignature('Not a Sign-In with Ethereum message')
  return fields
}

/** The chains an app accepts: its own list, or the defaults (plus anvil on a dev server). */
export function siweChainIds(ctx: ServerContext, app: AppRecord): number[] {
  return app.siweChainIds ?? (ctx.dev ? [...DEFAULT_SIWE_CHAIN_IDS, LOCAL_CHAIN_ID] : DEFAULT_SIWE_CHAIN_IDS)
}

/** With an RPC URL for the chain, viem's verifyMessage covers accounts, ERC-1271 contracts and undeployed ERC-6492 ones; without one, accounts only. */
async function signedBy(rpcUrl: string | undefined, fields: CanonicalSiwe, message: string, signature: Hex): Promise<boolean> {
  try {
    if (rpcUrl) return await createPublicClient({ transport: http(rpcUrl) }).verifyMessage({ address: fields.address, message, signature })
    return (await recoverMessageAddress({ message, signature })) === fields.address
  } catch {
    return false // malformed signature, or an unreachable RPC: not verified
  }
}
