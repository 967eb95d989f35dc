/** EIP-1193 errors of the embedded providers: a numeric `code` (sign-in spec, "The error catalogue": "Wallet-provider errors") and the spec's message. */
export const providerRpcErrors = {
  unauthorized: 4100,
  /** Also the code of 'Invalid params' for a chain switch (wallet spec, "Validation rules"). */
  unsupportedMethod: 4200,
  invalidParams: 4200,
  unsupportedChain: 4901,
} as const

export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const invalidParamsError = () => new ProviderRpcError(providerRpcErrors.invalidParams, 'Invalid params')
