import { useCallback } from 'react'
import type { User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'

export interface UseGuestAccountsResult {
  /** Signs in as a guest with the credential this browser keeps (created on first use); rejects when someone is signed in. */
  createGuestAccount(): Promise<User>
}

/** Guest accounts (the reference SDK's `useGuestAccounts`). */
export function useGuestAccounts(): UseGuestAccountsResult {
  const client = useTesseraClient()
  const createGuestAccount = useCallback(() => client.auth.guest.login(), [client])
  return { createGuestAccount }
}
