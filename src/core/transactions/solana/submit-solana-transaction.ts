/**
 * Sending a signed Solana transaction and waiting for it (funding spec, "States and transitions": "Solana transaction": confirm, then receipt or
 * error with retry): the raw bytes go through the cluster's RPC, confirmation is by polling signature statuses (the
 * local endpoint has no websockets). Failures carry the spec's copy.
 */
import type { Connection } from '@solana/web3.js'
import { TesseraError } from '../../errors/base-error.js'

export interface ConfirmTiming {
  confirmPollMs?: number
  confirmTimeoutMs?: number
}

/** Sends and confirms; answers the base58 signature (`onSent` hears it first, for the error screen of a failed one). */
export async function submitSolanaTransaction(
  connection: Connection,
  signed: Uint8Array,
  timing: ConfirmTiming = {},
  onSent?: (signature: string) => void,
): Promise<string> {
  let signature: string
  try {
    signature = await connection.sendRawTransaction(signed)
  } catch (error) {
    throw simulationFailedError(error)
  }
  onSent?.(signature)
  return confirmSolanaSignature(connection, signature, timing)
}

/** Waits for the cluster to confirm a sent transaction, polling its status; fails on its error or after the time limit. */
export async function confirmSolanaSignature(connection: Connection, signature: string, timing: ConfirmTiming = {}): Promise<string> {
  const deadline = Date.now() + (timing.confirmTimeoutMs ?? 60_000)
  for (;;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value
    if (status?.err) throw new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction failed', details: JSON.stringify(status.err) })
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature
    if (Date.now() > deadline) throw new TesseraError({ code: 'transaction_failure', shortMessage: 'Transaction was not confirmed in time' })
    await new Promise((resolve) => setTimeout(resolve, timing.confirmPollMs ?? 500))
  }
}

/** The preflight refused it: 'Simulation failed: Blockhash not found' for an expired blockhash (retry refreshes it). */
export function simulationFailedError(error: unknown): TesseraError {
  const text = error instanceof Error ? error.message : String(error)
  if (/blockhash not found/i.test(text))
    return new TesseraError({ code: 'transaction_failure', shortMessage: 'Simulation failed: Blockhash not found', cause: error })
  return new TesseraError({ code: 'transaction_failure', shortMessage: 'Simulation failed', details: text, cause: error })
}

/** The transaction's page on the cluster's explorer (`https://explorer.solana.com?cluster=devnet` → `/tx/{signature}?cluster=devnet`). */
export function solanaExplorerUrl(blockExplorerUrl: string | null, signature: string): string | null {
  if (!blockExplorerUrl) return null
  const url = new URL(blockExplorerUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/tx/${signature}`
  return url.toString()
}
