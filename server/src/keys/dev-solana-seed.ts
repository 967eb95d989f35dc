import { createHash } from 'node:crypto'

/** How many dev Solana seeds are public: the harness uses indices below this (the people's accounts and the fee payer). */
export const PUBLIC_DEV_SOLANA_SEEDS = 100

/** The seed of dev Solana keypair `index`: derived from a public string, like anvil's keys; for local clusters only. */
export const devSolanaSeed = (index: number): Uint8Array => createHash('sha256').update(`tessera-dev-solana-${index}`).digest()

/** Whether a 32-byte Ed25519 seed is one of the public dev seeds. */
export function isPublicDevSolanaSeed(seed: Uint8Array): boolean {
  const hex = Buffer.from(seed).toString('hex')
  return Array.from({ length: PUBLIC_DEV_SOLANA_SEEDS }, (_, index) => Buffer.from(devSolanaSeed(index)).toString('hex')).includes(hex)
}
