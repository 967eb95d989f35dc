import { useCallback } from 'react'
import type { AuthorizationRequest } from '../../src/protocol/index.js'
import { useTesseraClient } from '../context.js'

export interface UseAuthorizationSignatureResult {
  /** The user signer's signature over a wallet API request the app sends itself (see `embeddedWallets.generateAuthorizationSignature`). */
  generateAuthorizationSignature(request: AuthorizationRequest): Promise<{ signature: string }>
}

/** Authorization signatures of server-managed wallets (the reference SDK's `useAuthorizationSignature`). */
export function useAuthorizationSignature(): UseAuthorizationSignatureResult {
  const client = useTesseraClient()
  const generateAuthorizationSignature = useCallback(
    (request: AuthorizationRequest) => client.embeddedWallets.generateAuthorizationSignature(request),
    [client],
  )
  return { generateAuthorizationSignature }
}
