import { invalidMessageError } from '../../../errors/embedded-wallet-errors.js'
import { messageText, signMessageConfirmation } from '../../../transactions/sign-message-confirmation.js'
import { confirmed } from '../confirmation-gate.js'
import { bytesToHex } from '../hex.js'
import type { SolanaSignMessageOptions } from '../types.js'
import { fromBase64 } from './base64.js'
import type { SolanaProviderRuntime } from './runtime.js'
import { signBytes } from './sign-bytes.js'

/** Signs the message's bytes (a string's UTF-8 ones) once confirmed; an empty message is refused. */
export async function signMessage(
  runtime: SolanaProviderRuntime,
  message: Uint8Array | string,
  signOptions: SolanaSignMessageOptions = {},
): Promise<{ signature: Uint8Array }> {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw invalidMessageError()
  const uiOptions = signOptions.uiOptions ?? {}
  const controller = signMessageConfirmation({
    address: runtime.options.address,
    chainType: 'solana',
    method: 'signMessage',
    message: typeof message === 'string' ? message : messageText(bytesToHex(bytes)),
    uiOptions,
    sign: () => signBytes(runtime, bytes),
  })
  const signature = await confirmed(runtime.options, controller, { showWalletUIs: uiOptions.showWalletUIs, options: signOptions.confirmation })
  return { signature: fromBase64(signature) }
}
