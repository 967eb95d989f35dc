import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { decodeBase58, entropyIdVerifierOf, type EmbeddedChainType } from '../../../src/protocol/index.js'
import { safeString } from '../http/schemas.js'

export const chainType = z.enum(['ethereum', 'solana'])
export const entropyIdVerifier = z.enum(['ethereum-address-verifier', 'solana-address-verifier'])

const base64 = (max: number) =>
  z
    .string()
    .min(4)
    .max(max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
/** A wrapped Shamir share (share-format.ts checks its header). */
export const share = base64(200)

/** Password recovery: the frame's scrypt + AES-256-GCM blob, stored opaque. A weak KDF is refused (docs/security.md #47). */
export const sealedShare = z.strictObject({
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    n: z
      .number()
      .int()
      .min(2 ** 14)
      .max(2 ** 20)
      .refine((n) => (n & (n - 1)) === 0, 'must be a power of 2'),
    r: z.number().int().min(8).max(16),
    p: z.number().int().min(1).max(4),
    salt: base64(200),
  }),
  iv: base64(100),
  ciphertext: base64(1000),
})

/** Cloud recovery: AES-256-GCM under a key in the user's Drive (file `key_file`), stored opaque. */
export const keySealedShare = z.strictObject({
  key_file: z.string().regex(/^[\w.-]{1,200}$/, 'must be a file name'),
  iv: base64(100),
  ciphertext: base64(1000),
})

export const recoveryInput = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('privy'), share }),
  z.strictObject({ method: z.literal('user-passcode'), sealed: sealedShare }),
  z.strictObject({ method: z.literal('google-drive'), sealed: keySealedShare }),
])

/** Any address of either chain; `normalizeAddress` checks it against the chain. */
export const addressText = safeString(100).min(1)

/** The chain's canonical form of `address` (EIP-55 checksum for Ethereum), or null when it is not an address of that chain. */
export function normalizeAddress(chain: EmbeddedChainType, address: string): string | null {
  if (chain === 'ethereum') return isAddress(address, { strict: false }) ? getAddress(address) : null
  return decodeBase58(address)?.length === 32 ? address : null
}

/** The form addresses are stored and looked up in when the chain is not known yet (a path parameter). */
export const canonicalAddress = (address: string) => (isAddress(address, { strict: false }) ? getAddress(address) : address)

export const createBody = z
  .object({
    chain_type: chainType,
    address: addressText,
    entropy_id: addressText,
    entropy_id_verifier: entropyIdVerifier,
    share_version: z.literal(1),
    auth_share: share,
    recovery: recoveryInput,
    imported: z.boolean().optional(),
    idempotency_key: z
      .string()
      .regex(/^[\w.:-]{1,128}$/, 'must be 1-128 letters, digits, _ . : or -')
      .optional(),
  })
  .refine((body) => body.entropy_id_verifier === entropyIdVerifierOf(body.chain_type), { path: ['entropy_id_verifier'], message: 'does not match chain_type' })

export const addBody = z.object({
  chain_type: chainType,
  address: addressText,
  entropy_id: addressText,
  wallet_index: z.number().int().min(1).max(1_000_000),
})

export const shareQueryBody = z.object({ chain_type: chainType })

export const exportShareBody = shareQueryBody.extend({ include_recovery: z.boolean().optional() })

export const reshareBody = z.object({
  chain_type: chainType,
  previous_share_version: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 2),
  auth_share: share,
  recovery: recoveryInput,
})
