import { useCallback, useRef } from 'react'
import { useTesseraClient } from '../context.js'

export function useLogout({ onSuccess }: { onSuccess?(): void } = {}): { logout(): Promise<void> } {
  const client = useTesseraClient()
  const latest = useRef(onSuccess)
  latest.current = onSuccess
  const logout = useCallback(async () => {
    await client.logout()
    latest.current?.()
  }, [client])
  return { logout }
}
