/** The EIP-1193 provider surface the connector uses, and the error codes it reacts to (sign-in spec, "The error catalogue"). */

export interface Eip1193RequestArguments {
  method: string
  params?: readonly unknown[] | Record<string, unknown>
}

// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take any arguments; wallets' own types must fit
type Eip1193Listener = (...args: any[]) => void

export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>
  on?(event: string, listener: Eip1193Listener): void
  removeListener?(event: string, listener: Eip1193Listener): void
}

export const providerErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  /** Connection or request already pending, or the wallet is locked. */
  requestPending: -32002,
} as const

/** The numeric `code` of a provider error, also when a wrapper keeps it in `cause` or `data.originalError`. */
export function providerErrorCode(error: unknown): number | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, cause, data } = current as { code?: unknown; cause?: unknown; data?: { originalError?: unknown } }
    if (typeof code === 'number') return code
    current = cause ?? data?.originalError
  }
  return null
}
