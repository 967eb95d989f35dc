import { toBase64 } from './base64.js'
import type { SolanaProviderRuntime } from './runtime.js'

/** The frame's ed25519 signature of the bytes, base64. */
export function signBytes({ options }: SolanaProviderRuntime, message: Uint8Array): Promise<string> {
  return options.sign({ method: 'signMessage', params: { message: toBase64(message), encoding: 'base64' } })
}
