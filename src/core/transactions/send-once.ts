/**
 * Idempotent sends (SECURITY 60): the first send with a key signs once and keeps the signed transaction; every retry
 * with that key broadcasts the very same bytes again, so the chain sees one transaction (one nonce, never re-signed)
 * and each call answers its one hash, even when an earlier broadcast reached the node but its answer was lost.
 */
import { keccak_256 } from '@noble/hashes/sha3'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { TesseraError } from '../errors/base-error.js'
import type { Hex } from './prepare-ethereum-transaction.js'

interface SentEntry { fingerprint: string; signed: Promise<Hex> }

/** The keys this client has sent with, for as long as it lives (a reload starts a new ledger). */
export type SendLedger = Map<string, SentEntry>

export const createSendLedger = (): SendLedger => new Map()

export const idempotencyKeyReusedError = () =>
  new TesseraError({ code: 'invalid_data', shortMessage: 'This idempotency key was already used for another transaction.', status: 422 })

/** The transaction hash of signed raw bytes (what the node answers for them). */
export const hashOfSigned = (signed: Hex): Hex => `0x${bytesToHex(keccak_256(hexToBytes(signed.slice(2))))}`

/** What makes two requests the same send: every field, in a fixed order, big numbers as decimal text. */
export function sendFingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    if (typeof field === 'bigint') return field.toString()
    if (field && typeof field === 'object' && !Array.isArray(field)) return Object.fromEntries(Object.entries(field).sort(([a], [b]) => a.localeCompare(b)))
    return field
  })
}

export interface SendOnceDeps {
  ledger: SendLedger
  /** `eth_sendRawTransaction`. */
  broadcast(signed: Hex): Promise<unknown>
  /** Whether the node knows the transaction `hash` (pending or mined). */
  isKnown(hash: Hex): Promise<boolean>
}

export interface SendOnceParams {
  key: string
  fingerprint: string
  /** Signs the transaction; called once per key (again only when it failed, as nothing was signed then). */
  sign(): Promise<Hex>
}

export async function sendOnce(deps: SendOnceDeps, params: SendOnceParams): Promise<Hex> {
  let entry = deps.ledger.get(params.key)
  if (entry && entry.fingerprint !== params.fingerprint) throw idempotencyKeyReusedError()
  if (!entry) {
    const created: SentEntry = { fingerprint: params.fingerprint, signed: params.sign() }
    deps.ledger.set(params.key, created)
    created.signed.catch(() => { if (deps.ledger.get(params.key) === created) deps.ledger.delete(params.key) })
    entry = created
  }
  const signed = await entry.signed
  const hash = hashOfSigned(signed)
  try {
    await deps.broadcast(signed)
  } catch (error) {
    // A rebroadcast of a transaction the node already has (or mined) is refused by some nodes: it was sent.
    if (!(await deps.isKnown(hash).catch(() => false))) throw error
  }
  return hash
}
