/**
 * SIWS (sign-in spec, "States and transitions"): a nonce from the server, the message, then the wallet signs it (`solana:signMessage`) or a
 * memo transaction carrying it (`solana:signTransaction`, for wallets that cannot sign messages), then authenticate
 * or link. The message and the submission are separate steps too, for apps that sign with their own wallet.
 */
import { siwsMessage } from '../../../protocol/siws-message.js'
import type { User } from '../../user/types.js'
import type { StandardWallet, StandardWalletAccount } from '../../wallets/discovery/wallet-standard.js'
import { memoTransaction } from '../../wallets/solana/memo-transaction.js'
import { canSignMessage, signSolanaMessage, signSolanaTransaction } from '../../wallets/solana/standard-features.js'
import { withTimeout } from '../../wallets/with-timeout.js'
import { messageUri, SIGN_IN_RESOURCES, type WalletSignInContext } from '../siwe/context.js'
import { authenticateSiws, initSiws, linkSiws } from './api.js'

export type SiwsMessageType = 'plain' | 'transaction'

const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))

/** Asks the server for a nonce bound to the address and builds the message around it. */
export async function createSiwsMessage(context: WalletSignInContext, address: string): Promise<string> {
  const { nonce } = await initSiws(context.transport, { address, ...(context.captchaToken && { token: context.captchaToken }) })
  return siwsMessage({
    domain: context.page.host,
    address,
    uri: messageUri(context.page),
    nonce,
    issuedAt: context.now().toISOString(),
    resources: SIGN_IN_RESOURCES,
  })
}

/**
 * Sends the signed message: signs in (or up) or, with intent 'link', links the wallet. `signature` is the ed25519
 * signature (base58 or base64), or for 'transaction' the whole signed memo transaction (base64 or base58).
 */
export async function submitSiws(context: WalletSignInContext, signed: { message: string; signature: string; messageType?: SiwsMessageType }): Promise<User> {
  const body = {
    message: signed.message,
    signature: signed.signature,
    walletClientType: context.walletClientType,
    connectorType: context.connectorType,
    message_type: signed.messageType ?? 'plain',
  }
  if (context.intent === 'link') return context.linked(await linkSiws(context.transport, body))
  return context.authenticate(() => authenticateSiws(context.transport, { ...body, mode: context.disableSignup ? 'no-signup' : 'login-or-sign-up' }))
}

export async function signInWithSolana(
  context: WalletSignInContext,
  wallet: { wallet: StandardWallet; account: StandardWalletAccount },
  /** Transaction signing is used anyway when the wallet cannot sign messages. */
  preferred: SiwsMessageType = 'plain',
): Promise<User> {
  const message = await createSiwsMessage(context, wallet.account.address)
  const messageType: SiwsMessageType = preferred === 'transaction' || !canSignMessage(wallet.wallet) ? 'transaction' : 'plain'
  context.step('awaiting-signature')
  // Base64 either way: unambiguous, where an 88-character base58 signature also reads as (66 bytes of) base64.
  const signature =
    messageType === 'plain'
      ? base64(await withTimeout(signSolanaMessage(wallet.wallet, wallet.account, new TextEncoder().encode(message)), context.timeoutMs))
      : base64(await withTimeout(signSolanaTransaction(wallet.wallet, wallet.account, memoTransaction(wallet.account.publicKey, message)), context.timeoutMs))
  context.step('submitting-signature')
  return submitSiws(context, { message, signature, messageType })
}
