import { invalidData } from '../http/api-error.js'

/** The frame's share wrapper (DESIGN.md §4): [format 1][share_version u32 BE][split id 16 bytes][Shamir share]. */
const FORMAT = 1
const HEADER_BYTES = 1 + 4 + 16
/** A Shamir share of 16 bytes of entropy is 17 bytes (value bytes plus its x coordinate); allow up to 64 bytes of entropy. */
const MIN_SHARE_BYTES = 2
const MAX_SHARE_BYTES = 65

export interface WrappedShareHeader { shareVersion: number; splitId: string }

/**
 * Reads a base64 share's header. The server cannot check the shares themselves, but it refuses ones that do not
 * carry the version they are stored under, and an auth and a recovery share from different splits.
 */
export function readShareHeader(base64: string, field: string): WrappedShareHeader {
  const bytes = Buffer.from(base64, 'base64')
  const body = bytes.length - HEADER_BYTES
  if (bytes.toString('base64') !== base64 || bytes[0] !== FORMAT || body < MIN_SHARE_BYTES || body > MAX_SHARE_BYTES) {
    throw invalidData(`Invalid request body: ${field}: not a wallet share`)
  }
  return { shareVersion: bytes.readUInt32BE(1), splitId: bytes.subarray(5, HEADER_BYTES).toString('hex') }
}

/** The auth share (and an automatic recovery share, which the server sees) must come from one split of `shareVersion`. */
export function assertShareSet(shareVersion: number, authShare: string, recoveryShare: string | null): void {
  const auth = readShareHeader(authShare, 'auth_share')
  if (auth.shareVersion !== shareVersion) throw invalidData(`Invalid request body: auth_share: not a share of version ${shareVersion}`)
  if (recoveryShare === null) return
  const recovery = readShareHeader(recoveryShare, 'recovery.share')
  if (recovery.shareVersion !== shareVersion || recovery.splitId !== auth.splitId) {
    throw invalidData('Invalid request body: recovery.share: not from the same split as auth_share')
  }
  if (recoveryShare === authShare) throw invalidData('Invalid request body: recovery.share: the same share as auth_share')
}
