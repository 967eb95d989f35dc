import { useCallback } from 'react'
import type { AddSessionSignersInput, RemoveSessionSignersInput, User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface UseSessionSignersResult {
  /** Lets the app's session signers (by id) sign for the wallet at `address` (see `embeddedWallets.addSessionSigners`). */
  addSessionSigners(input: AddSessionSignersInput): Promise<{ user: User }>
  /** Removes every session signer of the wallet at `address`. */
  removeSessionSigners(input: RemoveSessionSignersInput): Promise<{ user: User }>
}

/** Session signers of the user's wallets (the reference SDK's `useSessionSigners`). */
export function useSessionSigners(): UseSessionSignersResult {
  const client = useTesseraClient()
  const addSessionSigners = useCallback((input: AddSessionSignersInput) => client.embeddedWallets.addSessionSigners(input), [client])
  const removeSessionSigners = useCallback((input: RemoveSessionSignersInput) => client.embeddedWallets.removeSessionSigners(input), [client])
  return { addSessionSigners, removeSessionSigners }
}
