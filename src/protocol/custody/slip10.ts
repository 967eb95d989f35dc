/** SLIP-0010 for ed25519: hardened-only derivation of 32-byte private keys from a seed. */
import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha2'

export interface Slip10Node { privateKey: Uint8Array; chainCode: Uint8Array }

const HARDENED = 0x8000_0000
const curveKey = new TextEncoder().encode('ed25519 seed')

const split = (digest: Uint8Array): Slip10Node => ({ privateKey: digest.slice(0, 32), chainCode: digest.slice(32) })

export const slip10Master = (seed: Uint8Array): Slip10Node => split(hmac(sha512, curveKey, seed))

export function slip10Child(parent: Slip10Node, index: number): Slip10Node {
  const data = new Uint8Array(37)
  data.set(parent.privateKey, 1)
  new DataView(data.buffer).setUint32(33, (index | HARDENED) >>> 0)
  const child = split(hmac(sha512, parent.chainCode, data))
  data.fill(0)
  return child
}

const wipe = (node: Slip10Node) => (node.privateKey.fill(0), node.chainCode.fill(0))

/** `m/44'/501'/0'/0'`: every segment must be hardened (ed25519 has no normal derivation). Intermediate nodes are zeroed. */
export function slip10Derive(seed: Uint8Array, path: string): Slip10Node {
  const segments = path.split('/')
  if (segments[0] !== 'm') throw new Error(`Invalid SLIP-0010 path ${path}`)
  const indexes = segments.slice(1).map((segment) => {
    const match = /^(\d+)'$/.exec(segment)
    const index = match ? Number(match[1]) : NaN
    if (!Number.isInteger(index) || index >= HARDENED) throw new Error(`ed25519 derivation needs hardened segments, got ${segment}`)
    return index
  })
  return indexes.reduce((node, index) => {
    const child = slip10Child(node, index)
    wipe(node)
    return child
  }, slip10Master(seed))
}
