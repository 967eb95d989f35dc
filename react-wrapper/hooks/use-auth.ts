import { useCallback } from 'react'
import type { User } from '../../src/core/index.js'
import { useTesseraContext } from '../context.js'
import { useAuthState } from '../../elements/client-slices.js'

export interface UseAuthResult {
  /** False until the stored session has been checked. */
  ready: boolean
  authenticated: boolean
  user: User | null
  /** Opens the login modal. */
  login(): void
  logout(): Promise<void>
  getAccessToken(): Promise<string | null>
}

export function useAuth(): UseAuthResult {
  const { client, openModal } = useTesseraContext()
  const auth = useAuthState(client)
  const logout = useCallback(() => client.logout(), [client])
  const getAccessToken = useCallback(() => client.getAccessToken(), [client])
  // Never forward an argument: `onClick={login}` would pass the click event as the modal request.
  const login = useCallback(() => openModal(), [openModal])
  return { ready: auth.status !== 'loading', authenticated: auth.status === 'authenticated', user: auth.user, login, logout, getAccessToken }
}
