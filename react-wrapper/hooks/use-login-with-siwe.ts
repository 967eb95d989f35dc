import type { User, WalletFlowState } from '../../src/core/index.js'
import { useWalletMessage, withLoginDetail, type WalletMessageCallbacks } from './use-wallet-message.js'

export type UseLoginWithSiweOptions = WalletMessageCallbacks<{ user: User; isNewUser: boolean; loginMethod: 'siwe' }>

export interface SiweMessageInput {
  address: string
  /** A number or CAIP-2 (`eip155:1`). */
  chainId: number | `eip155:${number}`
  captchaToken?: string
}

export interface SiweSignature {
  message: string
  signature: string
  walletClientType?: string
  connectorType?: string
  disableSignup?: boolean
}

export interface UseLoginWithSiweResult {
  /** The message for the app's wallet to sign (`personal_sign`), carrying a server nonce. */
  generateSiweMessage(input: SiweMessageInput): Promise<string | undefined>
  loginWithSiwe(signed: SiweSignature): Promise<User | undefined>
  state: WalletFlowState
}

export const chainNumber = (chainId: SiweMessageInput['chainId']): number => (typeof chainId === 'number' ? chainId : Number(chainId.split(':')[1]))
/** The chain the message names (its `Chain ID:` line). */
export const messageChainId = (message: string): number | undefined => Number(/\nChain ID: (\d+)\n/.exec(message)?.[1]) || undefined

/** SIWE with the app's own wallet connection (the reference SDK's `useLoginWithSiwe`). */
export function useLoginWithSiwe(options: UseLoginWithSiweOptions = {}): UseLoginWithSiweResult {
  const { generateMessage, submitMessage, state } = useWalletMessage(
    (wallets, { chainId, ...input }: SiweMessageInput) => wallets.generateSiweMessage({ ...input, chainId: chainNumber(chainId) }),
    (client, signed: SiweSignature) =>
      withLoginDetail(client, 'siwe', async () => client.wallets.submitSiwe({ ...signed, chainId: messageChainId(signed.message), intent: 'login' })),
    options,
  )
  return { generateSiweMessage: generateMessage, loginWithSiwe: async (signed) => (await submitMessage(signed))?.user, state }
}
