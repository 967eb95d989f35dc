/**
 * 2-of-3 Shamir split of a share set's secret (`shamir-secret-sharing`), each share wrapped as
 * `[format 1][share version u32 BE][split id 16][shamir share]` so shares of two splits or two versions never combine
 * silently (docs/security.md #45). Shamir has no integrity of its own: a tampered body is caught by the address check that
 * follows every combine.
 */
import { combine, split } from 'shamir-secret-sharing'

export const SHARE_FORMAT = 1
export const SPLIT_ID_BYTES = 16
export const SHARE_HEADER_BYTES = 1 + 4 + SPLIT_ID_BYTES
/** A Shamir share is at least one secret byte plus its x coordinate. */
const MIN_SHAMIR_SHARE_BYTES = 2

export interface ShareSet {
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

export interface WrappedShare {
  version: number
  splitId: Uint8Array
  body: Uint8Array
}

export type ShareMismatch = 'malformed share' | 'different share versions' | 'shares of different splits' | 'different share lengths' | 'the same share twice'

/** Two shares that cannot rebuild a secret; the frame and the server map it to their own error answers. */
export class ShareMismatchError extends Error {
  override readonly name = 'ShareMismatchError'
  constructor(readonly reason: ShareMismatch) {
    super(`Wallet shares do not match: ${reason}`)
  }
}

function wrapShare(version: number, splitId: Uint8Array, body: Uint8Array): Uint8Array {
  const share = new Uint8Array(SHARE_HEADER_BYTES + body.length)
  share[0] = SHARE_FORMAT
  new DataView(share.buffer).setUint32(1, version)
  share.set(splitId, 5)
  share.set(body, SHARE_HEADER_BYTES)
  return share
}

export async function splitSecret(secret: Uint8Array, version: number): Promise<ShareSet> {
  const splitId = crypto.getRandomValues(new Uint8Array(SPLIT_ID_BYTES))
  const [device, auth, recovery] = (await split(secret, 3, 2)).map((body) => wrapShare(version, splitId, body))
  if (!device || !auth || !recovery) throw new Error('Shamir split gave fewer than 3 shares')
  return { device, auth, recovery }
}

/** Reads a wrapped share; a share of another format or too short to hold a Shamir share is refused. */
export function readShare(share: Uint8Array): WrappedShare {
  if (share.length < SHARE_HEADER_BYTES + MIN_SHAMIR_SHARE_BYTES || share[0] !== SHARE_FORMAT) throw new ShareMismatchError('malformed share')
  return {
    version: new DataView(share.buffer, share.byteOffset, share.byteLength).getUint32(1),
    splitId: share.slice(5, SHARE_HEADER_BYTES),
    body: share.slice(SHARE_HEADER_BYTES),
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index])

/** The secret of two shares of one split; different splits, versions, lengths or a repeated share → `ShareMismatchError`. */
export async function combineShares(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  const a = readShare(first)
  const b = readShare(second)
  if (a.version !== b.version) throw new ShareMismatchError('different share versions')
  if (!sameBytes(a.splitId, b.splitId)) throw new ShareMismatchError('shares of different splits')
  if (a.body.length !== b.body.length) throw new ShareMismatchError('different share lengths')
  // The last byte of a Shamir share is its x coordinate: the same point twice cannot rebuild anything.
  if (a.body[a.body.length - 1] === b.body[b.body.length - 1]) throw new ShareMismatchError('the same share twice')
  return combine([a.body, b.body])
}
