import { readShare, SHARE_HEADER_BYTES, ShareMismatchError } from '../../../src/protocol/custody/share-wrapper.js'
import { invalidData } from '../http/api-error.js'

/** A Shamir share of 16 bytes of entropy is 17 bytes (value bytes plus its x coordinate); allow up to 64 bytes of entropy. */
const MAX_SHARE_BYTES = SHARE_HEADER_BYTES + 65

export interface WrappedShareHeader {
  shareVersion: number
  splitId: string
}

/** The bytes of a base64 share (the frame's wrapper, protocol/custody/share-wrapper.ts); null unless canonical base64 of a plausible length. */
export function shareBytes(base64: string): Uint8Array | null {
  const bytes = Buffer.from(base64, 'base64')
  return bytes.toString('base64') === base64 && bytes.length <= MAX_SHARE_BYTES ? new Uint8Array(bytes) : null
}

/**
 * Reads a base64 share's header. The server cannot check the shares themselves, but it refuses ones that do not
 * carry the version they are stored under, and an auth and a recovery share from different splits.
 */
export function readShareHeader(base64: string, field: string): WrappedShareHeader {
  const notAShare = () => invalidData(`Invalid request body: ${field}: not a wallet share`)
  const bytes = shareBytes(base64)
  if (!bytes) throw notAShare()
  try {
    const { version, splitId } = readShare(bytes)
    return { shareVersion: version, splitId: Buffer.from(splitId).toString('hex') }
  } catch (error) {
    throw error instanceof ShareMismatchError ? notAShare() : error
  }
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
