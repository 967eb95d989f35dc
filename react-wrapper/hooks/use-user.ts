import { useCallback } from 'react'
import type { User } from '../../src/core/index.js'
import { useTesseraClient } from '../context.js'
import { useAuthState } from '../../elements/client-slices.js'

export function useUser(): { user: User | null; refreshUser(): Promise<User | null> } {
  const client = useTesseraClient()
  const { user } = useAuthState(client)
  const refreshUser = useCallback(() => client.refreshUser(), [client])
  return { user, refreshUser }
}
