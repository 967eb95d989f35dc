import { useCallback, useRef } from 'react'
import { useTesseraClient } from '../context.js'

export interface UseLogoutResult {
  logout(): Promise<void>
  /** Ends every session of the user in this app, on every device, then this one; rejects (still signed in) when the server could not. */
  logoutEverywhere(): Promise<void>
}

export function useLogout({ onSuccess }: { onSuccess?(): void } = {}): UseLogoutResult {
  const client = useTesseraClient()
  const latest = useRef(onSuccess)
  latest.current = onSuccess
  const logout = useCallback(async () => {
    await client.logout()
    latest.current?.()
  }, [client])
  const logoutEverywhere = useCallback(async () => {
    await client.logoutEverywhere()
    latest.current?.()
  }, [client])
  return { logout, logoutEverywhere }
}
