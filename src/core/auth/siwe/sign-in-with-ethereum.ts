/**
 * SIWE (sign-in spec, "States and transitions"): a nonce from the server, the EIP-4361 message, `personal_sign`, then authenticate or link.
 * The message and the submission are separate steps too, for apps that sign with their own wallet connection.
 */
import type { Address } from 'viem'
import { createSiweMessage as formatSiweMessage } from 'viem/siwe'
import type { User } from '../../user/types.js'
import type { Eip1193Provider } from '../../wallets/ethereum/eip1193.js'
import { withTimeout } from '../../wallets/with-timeout.js'
import { authenticateSiwe, initSiwe, linkSiwe } from './api.js'
import { messageUri, SIGN_IN_RESOURCES, SIGN_IN_STATEMENT, type WalletSignInContext } from './context.js'

const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** Asks the server for a nonce bound to the address and builds the message around it (viem writes EIP-4361, address checksummed). */
export async function createSiweMessage(context: WalletSignInContext, address: string, chainId: number): Promise<string> {
  const { nonce } = await initSiwe(context.transport, { address, ...(context.captchaToken && { token: context.captchaToken }) })
  return formatSiweMessage({
    domain: context.page.host,
    address: address as Address,
    statement: SIGN_IN_STATEMENT,
    uri: messageUri(context.page),
    chainId,
    nonce,
    issuedAt: context.now(),
    resources: SIGN_IN_RESOURCES,
    version: '1',
  })
}

/** Sends the signed message: signs in (or up) or, with intent 'link', links the wallet. */
export async function submitSiwe(context: WalletSignInContext, signed: { message: string; signature: string; chainId?: number }): Promise<User> {
  const body = {
    message: signed.message,
    signature: signed.signature,
    ...(signed.chainId && { chainId: `eip155:${signed.chainId}` }),
    walletClientType: context.walletClientType,
    connectorType: context.connectorType,
  }
  if (context.intent === 'link') return context.linked(await linkSiwe(context.transport, body))
  return context.authenticate(() => authenticateSiwe(context.transport, { ...body, mode: context.disableSignup ? 'no-signup' : 'login-or-sign-up' }))
}

export async function signInWithEthereum(context: WalletSignInContext, wallet: { provider: Eip1193Provider; address: string; chainId: number }): Promise<User> {
  const message = await createSiweMessage(context, wallet.address, wallet.chainId)
  context.step('awaiting-signature')
  const signature = await withTimeout(wallet.provider.request({ method: 'personal_sign', params: [utf8Hex(message), wallet.address] }), context.timeoutMs)
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature')
  context.step('submitting-signature')
  return submitSiwe(context, { message, signature, chainId: wallet.chainId })
}
