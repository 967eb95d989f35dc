/** EIP-1193 errors of the embedded providers: a numeric `code` (document 1 §8 "Wallet-provider errors") and the spec's message. */
export const providerRpcErrors = {
  unauthorized: 4100,
  /** Also the code of 'Invalid params' for a chain switch (document 2 §5). */
  unsupportedMethod: 4200,
  invalidParams: 4200,
  unsupportedChain: 4901,
} as const

export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message)
  }
}
