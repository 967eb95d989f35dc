/** The sign-message kind of the queue (funding spec, "Screens and routes": "Sign message"): the text shown, then the wallet signs on approval. */
import { TesseraError } from '../errors/base-error.js'
import { unableToSignError } from '../errors/transaction-errors.js'
import type { ConfirmationController } from './confirmation-queue.js'
import type { SignMessageConfirmation, SignMessageUiOptions } from './types.js'

export interface SignMessageInput {
  address: string
  chainType: SignMessageConfirmation['chainType']
  method: SignMessageConfirmation['method']
  /** What the screen shows (`messageText`, `typedDataText`). */
  message: string
  uiOptions: SignMessageUiOptions
  /** Signs in the wallet frame; answers the signature. */
  sign(): Promise<string>
}

export function signMessageConfirmation(input: SignMessageInput): ConfirmationController<SignMessageConfirmation, string> {
  return {
    headless: input.sign,
    initialStatus: 'ready',
    create: (entry) => ({
      kind: 'sign-message',
      address: input.address,
      chainType: input.chainType,
      method: input.method,
      message: input.message,
      uiOptions: input.uiOptions,
      approve() {
        entry.update({ status: 'submitting' })
        input.sign().then(
          (signature) => entry.complete(signature, {}, 'after-display'),
          (error: unknown) => entry.fail(TesseraError.is(error) ? error : unableToSignError(error)),
        )
      },
    }),
  }
}

/** A personal_sign message as text: its UTF-8 when it decodes to printable text, else the hex itself. */
export function messageText(hex: `0x${string}`): string {
  const bytes = new Uint8Array((hex.slice(2).match(/../g) ?? []).map((pair) => parseInt(pair, 16)))
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters other than line breaks and tabs mean binary data.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? hex : text
  } catch {
    return hex
  }
}

/** Typed data as eth_signTypedData_v4 carries it: a JSON string, bigints as decimal strings. */
export function typedDataJson(typedData: unknown): string {
  return typeof typedData === 'string' ? typedData : JSON.stringify(typedData, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
}

/** EIP-712 typed data as the screen shows it: pretty-printed JSON (the raw string when it is not JSON). */
export function typedDataText(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2)
  } catch {
    return json
  }
}
