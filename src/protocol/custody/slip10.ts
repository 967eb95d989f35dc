/** SLIP-0010 for ed25519 (hardened-only derivation of 32-byte private keys from a seed), by micro-key-producer's HDKey. */
import { HDKey } from 'micro-key-producer/slip10.js'

export interface Slip10Node {
  privateKey: Uint8Array
  chainCode: Uint8Array
}

const wipe = (node: HDKey) => (node.privateKey.fill(0), node.chainCode.fill(0))

/** `m/44'/501'/0'/0'`: every segment must be hardened (ed25519 has no normal derivation). Intermediate nodes are zeroed. */
export function slip10Derive(seed: Uint8Array, path: string): Slip10Node {
  const [root, ...segments] = path.split('/')
  if (root !== 'm') throw new Error(`Invalid SLIP-0010 path ${path}`)
  // One step at a time, so each parent's key can be zeroed once its child exists.
  return segments.reduce((node, segment) => {
    const child = node.derive(`m/${segment}`)
    wipe(node)
    return child
  }, HDKey.fromMasterSeed(seed))
}
