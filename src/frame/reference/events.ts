/**
 * react-auth 2.25's dialect (docs/decisions.md "The reference React SDK"): its wallet proxy prefixes every event with `privy:` (and names some
 * `wallets:…`), reads each answer by its id and event, and takes `rpc` answers as `{ response: { method, data } }`.
 * The frame tells the two clients apart by this prefix: Tessera's own client sends the bare names.
 */
import type { FrameRequestEvent } from '../../protocol/index.js'

export const referenceEvents = {
  'privy:wallet:create': 'wallet:create',
  'privy:solana-wallet:create': 'solana-wallet:create',
  'privy:wallets:add': 'wallets:add',
  'privy:wallets:import': 'import',
  'privy:wallets:set-recovery': 'set-recovery',
  'privy:wallets:connect': 'connect',
  'privy:wallets:recover': 'recover',
  'privy:wallets:rpc': 'rpc',
  'privy:user-signer:sign': 'user-signer:sign',
  'privy:mfa:verify': 'mfa:verify',
  'privy:mfa:init-enrollment': 'mfa:init-enrollment',
  'privy:mfa:submit-enrollment': 'mfa:submit-enrollment',
  'privy:mfa:unenroll': 'mfa:unenroll',
  'privy:mfa:clear': 'mfa:clear',
  'privy:auth:unlink-passkey': 'auth:unlink-passkey',
  'privy:farcaster:init-signer': 'farcaster:init-signer',
  'privy:farcaster:sign': 'farcaster:sign',
  'privy:delegated-actions:consent': 'delegated-actions:consent',
} as const
export type ReferenceEvent = keyof typeof referenceEvents

export interface ReferenceRequest {
  id: string
  event: ReferenceEvent
  data: Record<string, unknown>
}
export type ReferenceResponse =
  | { id: string; event: ReferenceEvent; data: unknown }
  | { id: string; event: ReferenceEvent; error: { type: string; message: string } }

/** Our event for one of the reference's, when this frame serves it at all (the rest are answered as unsupported). */
export const ourEventOf = (event: ReferenceEvent) => referenceEvents[event] as FrameRequestEvent | 'user-signer:sign' | 'auth:unlink-passkey'

/** The same structural limits as our own requests: anything else is dropped unanswered (docs/security.md #40). */
export function isReferenceRequest(value: unknown): value is ReferenceRequest {
  if (typeof value !== 'object' || value === null) return false
  const { id, event, data } = value as Record<string, unknown>
  return (
    typeof id === 'string' &&
    id.length > 0 &&
    id.length <= 100 &&
    typeof event === 'string' &&
    Object.hasOwn(referenceEvents, event) &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data)
  )
}
