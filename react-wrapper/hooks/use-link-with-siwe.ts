import type { User, WalletFlowState } from '../../src/core/index.js'
import { chainNumber, messageChainId, type SiweMessageInput, type SiweSignature } from './use-login-with-siwe.js'
import { useWalletMessage, type WalletMessageCallbacks } from './use-wallet-message.js'

export interface UseLinkWithSiweOptions extends Omit<WalletMessageCallbacks<User>, 'onComplete'> {
  onSuccess?(user: User): void
}

export interface UseLinkWithSiweResult {
  generateSiweMessage(input: SiweMessageInput): Promise<string | undefined>
  /** Links the wallet that signed to the signed-in user. */
  linkWithSiwe(signed: Omit<SiweSignature, 'disableSignup'>): Promise<User | undefined>
  state: WalletFlowState
}

/** Links a wallet the app connected itself (the reference SDK's `useLinkWithSiwe`). */
export function useLinkWithSiwe(options: UseLinkWithSiweOptions = {}): UseLinkWithSiweResult {
  const { generateMessage, submitMessage, state } = useWalletMessage(
    (wallets, { chainId, ...input }: SiweMessageInput) => wallets.generateSiweMessage({ ...input, chainId: chainNumber(chainId) }),
    (client, signed: Omit<SiweSignature, 'disableSignup'>) => client.wallets.submitSiwe({ ...signed, chainId: messageChainId(signed.message), intent: 'link' }),
    { onComplete: options.onSuccess, onError: options.onError },
  )
  return { generateSiweMessage: generateMessage, linkWithSiwe: submitMessage, state }
}
