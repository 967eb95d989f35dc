/**
 * 2-of-3 Shamir split of a share set's secret (`shamir-secret-sharing`), each share wrapped as
 * `[format 1][share version u32 BE][split id 16][shamir share]` so shares of two splits or two versions never combine
 * silently (SECURITY.md 45). Shamir has no integrity of its own: a tampered body is caught by the address check of
 * `openShareSet`.
 */
import { combine, split } from 'shamir-secret-sharing'
import { FrameError } from '../errors.js'

const FORMAT = 1
const SPLIT_ID_BYTES = 16
const HEADER_BYTES = 1 + 4 + SPLIT_ID_BYTES

export interface ShareSet { device: Uint8Array; auth: Uint8Array; recovery: Uint8Array }

export interface ShareHeader { version: number; splitId: Uint8Array; body: Uint8Array }

export async function splitSecret(secret: Uint8Array, version: number): Promise<ShareSet> {
  const splitId = crypto.getRandomValues(new Uint8Array(SPLIT_ID_BYTES))
  const [device, auth, recovery] = (await split(secret, 3, 2)).map((body) => wrap(version, splitId, body))
  if (!device || !auth || !recovery) throw new Error('Shamir split gave fewer than 3 shares')
  return { device, auth, recovery }
}

function wrap(version: number, splitId: Uint8Array, body: Uint8Array): Uint8Array {
  const share = new Uint8Array(HEADER_BYTES + body.length)
  share[0] = FORMAT
  new DataView(share.buffer).setUint32(1, version)
  share.set(splitId, 5)
  share.set(body, HEADER_BYTES)
  return share
}

const mismatched = (why: string) => new FrameError('error', `Wallet shares do not match: ${why}`)

/** Reads a wrapped share; a share of another format or too short to hold a Shamir share is refused. */
export function readShare(share: Uint8Array): ShareHeader {
  // A Shamir share is at least one secret byte plus its x coordinate.
  if (share.length < HEADER_BYTES + 2 || share[0] !== FORMAT) throw mismatched('malformed share')
  return {
    version: new DataView(share.buffer, share.byteOffset, share.byteLength).getUint32(1),
    splitId: share.slice(5, HEADER_BYTES),
    body: share.slice(HEADER_BYTES),
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index])

/** The secret of two shares of one split; different splits, versions, lengths or a repeated share → `FrameError`. */
export async function combineShares(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  const a = readShare(first)
  const b = readShare(second)
  if (a.version !== b.version) throw mismatched('different share versions')
  if (!sameBytes(a.splitId, b.splitId)) throw mismatched('shares of different splits')
  if (a.body.length !== b.body.length) throw mismatched('different share lengths')
  // The last byte of a Shamir share is its x coordinate: the same point twice cannot rebuild anything.
  if (a.body[a.body.length - 1] === b.body[b.body.length - 1]) throw mismatched('the same share twice')
  return combine([a.body, b.body])
}
