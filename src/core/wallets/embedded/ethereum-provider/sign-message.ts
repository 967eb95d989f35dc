import { isHex } from '../../../transactions/prepare-ethereum-transaction.js'
import { messageText, signMessageConfirmation, typedDataText } from '../../../transactions/sign-message-confirmation.js'
import type { SignMessageUiOptions } from '../../../transactions/types.js'
import { utf8ToHex } from '../hex.js'
import { invalidParamsError } from '../provider-rpc-error.js'
import { confirm } from './confirm.js'
import type { EthereumProviderRuntime } from './runtime.js'
import type { RequestPresentation } from './types.js'

/** `personal_sign` of a hex message (or of a text's UTF-8 bytes), signed by the frame once confirmed. */
export function personalSign(runtime: EthereumProviderRuntime, [message]: unknown[], presentation: RequestPresentation): Promise<unknown> {
  if (typeof message !== 'string') throw invalidParamsError()
  const { address, sign } = runtime.options
  const hex = isHex(message) ? message : utf8ToHex(message)
  const uiOptions = (presentation.uiOptions ?? {}) as SignMessageUiOptions
  const controller = signMessageConfirmation({
    address,
    chainType: 'ethereum',
    method: 'personal_sign',
    message: messageText(hex),
    uiOptions,
    sign: () => sign({ method: 'personal_sign', params: [hex, address] }),
  })
  return confirm(runtime, controller, presentation)
}

/** `eth_signTypedData_v4` of typed data given as JSON or as an object, signed by the frame once confirmed. */
export function signTypedDataV4(runtime: EthereumProviderRuntime, [, typedData]: unknown[], presentation: RequestPresentation): Promise<unknown> {
  if (typedData === undefined) throw invalidParamsError()
  const { address, sign } = runtime.options
  const json = typeof typedData === 'string' ? typedData : JSON.stringify(typedData)
  const uiOptions = (presentation.uiOptions ?? {}) as SignMessageUiOptions
  const controller = signMessageConfirmation({
    address,
    chainType: 'ethereum',
    method: 'eth_signTypedData_v4',
    message: typedDataText(json),
    uiOptions,
    sign: () => sign({ method: 'eth_signTypedData_v4', params: [address, json] }),
  })
  return confirm(runtime, controller, presentation)
}
