import type { LinkedAccount, TesseraClient, User, WalletFlowState } from '../../src/core/index.js'
import { useWalletMessage, type WalletMessageCallbacks } from './use-wallet-message.js'

export interface UseLinkWithSiwsOptions extends Omit<WalletMessageCallbacks<LinkedSiws>, 'onComplete'> {
  onSuccess?(detail: LinkedSiws): void
}

export interface LinkedSiws {
  user: User
  linkedAccount: LinkedAccount | null
}

export interface UseLinkWithSiwsResult {
  /** The message for the app's Solana wallet to sign, carrying a server nonce. */
  generateSiwsMessage(input: { address: string; captchaToken?: string }): Promise<string | undefined>
  /** Links the Solana wallet that signed to the signed-in user. */
  linkWithSiws(signed: { message: string; signature: string; walletClientType?: string; connectorType?: string }): Promise<LinkedSiws | undefined>
  state: WalletFlowState
}

/** Runs a link and reports the account it added (read from the client's `link` event). */
async function withLinkedAccount(client: TesseraClient, link: () => Promise<User>): Promise<LinkedSiws> {
  let linkedAccount: LinkedAccount | null = null
  const stop = client.on('link', (event) => {
    if (event.linkMethod === 'siws') linkedAccount = event.linkedAccount
  })
  try {
    return { user: await link(), linkedAccount }
  } finally {
    stop()
  }
}

/** Links a Solana wallet the app connected itself (the reference SDK's `useLinkWithSiws`). */
export function useLinkWithSiws(options: UseLinkWithSiwsOptions = {}): UseLinkWithSiwsResult {
  const { generateMessage, submitMessage, state } = useWalletMessage(
    (wallets, input: { address: string; captchaToken?: string }) => wallets.generateSiwsMessage(input),
    (client, signed: Parameters<UseLinkWithSiwsResult['linkWithSiws']>[0]) =>
      withLinkedAccount(client, () => client.wallets.submitSiws({ ...signed, intent: 'link' })),
    { onComplete: options.onSuccess, onError: options.onError },
  )
  return { generateSiwsMessage: generateMessage, linkWithSiws: submitMessage, state }
}
