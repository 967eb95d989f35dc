import type { User, WalletFlowState } from '../../src/core/index.js'
import { useWalletMessage, withLoginDetail, type WalletMessageCallbacks } from './use-wallet-message.js'

export type UseLoginWithSiwsOptions = WalletMessageCallbacks<{ user: User; isNewUser: boolean; loginMethod: 'siws' }>

export interface SiwsSignature {
  message: string
  /** The ed25519 signature (base58 or base64); for 'transaction', the whole signed memo transaction (base64). */
  signature: string
  messageType?: 'plain' | 'transaction'
  walletClientType?: string
  connectorType?: string
  disableSignup?: boolean
}

export interface UseLoginWithSiwsResult {
  /** The message for the app's Solana wallet to sign, carrying a server nonce. */
  generateSiwsMessage(input: { address: string; captchaToken?: string }): Promise<string | undefined>
  loginWithSiws(signed: SiwsSignature): Promise<User | undefined>
  state: WalletFlowState
}

/** SIWS with the app's own Solana wallet (the reference SDK's `useLoginWithSiws`). */
export function useLoginWithSiws(options: UseLoginWithSiwsOptions = {}): UseLoginWithSiwsResult {
  const { generateMessage, submitMessage, state } = useWalletMessage(
    (wallets, input: { address: string; captchaToken?: string }) => wallets.generateSiwsMessage(input),
    (client, signed: SiwsSignature) => withLoginDetail(client, 'siws', () => client.wallets.submitSiws({ ...signed, intent: 'login' })),
    options,
  )
  return { generateSiwsMessage: generateMessage, loginWithSiws: async (signed) => (await submitMessage(signed))?.user, state }
}
