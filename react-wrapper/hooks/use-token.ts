import { useCallback } from 'react'
import { useTesseraClient } from '../context.js'

export function useToken(): { getAccessToken(): Promise<string | null> } {
  const client = useTesseraClient()
  const getAccessToken = useCallback(() => client.getAccessToken(), [client])
  return { getAccessToken }
}
