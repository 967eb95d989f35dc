/**
 * Idempotent sends (docs/security.md #60): the first send with a key signs once and keeps the signed transaction; every retry
 * with that key broadcasts the very same bytes again, so the chain sees one transaction (one nonce, never re-signed)
 * and each call answers its one hash, even when an earlier broadcast reached the node but its answer was lost.
 */
import { keccak_256 } from '@noble/hashes/sha3'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { TesseraError } from '../errors/base-error.js'
import type { Hex } from './prepare-ethereum-transaction.js'

interface SentEntry {
  fingerprint: string
  signed: Promise<unknown>
}

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

export interface SendOnceDeps<Signed> {
  ledger: SendLedger
  /** Sends the signed transaction (`eth_sendRawTransaction`, `sendTransaction` on Solana). */
  broadcast(signed: Signed): Promise<unknown>
  /** The id the chain knows it by: the transaction hash, or the first signature on Solana. */
  idOf(signed: Signed): string
  /** Whether the chain knows the transaction `id` (pending, processed or mined). */
  isKnown(id: string): Promise<boolean>
}

export interface SendOnceParams<Signed> {
  key: string
  fingerprint: string
  /** Signs the transaction; called once per key (again only when it failed, as nothing was signed then). */
  sign(): Promise<Signed>
}

/** Signs once per key and (re)broadcasts those bytes; answers the signed transaction and its id. */
export async function sendOnce<Signed>(deps: SendOnceDeps<Signed>, params: SendOnceParams<Signed>): Promise<{ signed: Signed; id: string }> {
  let entry = deps.ledger.get(params.key)
  if (entry && entry.fingerprint !== params.fingerprint) throw idempotencyKeyReusedError()
  if (!entry) {
    const created: SentEntry = { fingerprint: params.fingerprint, signed: params.sign() }
    deps.ledger.set(params.key, created)
    created.signed.catch(() => {
      if (deps.ledger.get(params.key) === created) deps.ledger.delete(params.key)
    })
    entry = created
  }
  const signed = (await entry.signed) as Signed
  const id = deps.idOf(signed)
  try {
    await deps.broadcast(signed)
  } catch (error) {
    // A rebroadcast of a transaction the chain already has (or processed) is refused by some nodes: it was sent.
    if (!(await deps.isKnown(id).catch(() => false))) throw error
  }
  return { signed, id }
}
