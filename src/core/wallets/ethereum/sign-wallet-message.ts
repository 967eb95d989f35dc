/** `personal_sign` through a connected wallet (wallet spec, "Entities and their fields"): the message's UTF-8 bytes, hex encoded, and the account. */
import { withTimeout } from '../with-timeout.js'
import type { Eip1193Provider } from './eip1193.js'

export interface SignWalletMessageDeps {
  provider: Eip1193Provider
  address: string
  timeoutMs: number
}

const utf8Hex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

export async function signWalletMessage(deps: SignWalletMessageDeps, message: string): Promise<{ signature: string }> {
  const signature = await withTimeout(deps.provider.request({ method: 'personal_sign', params: [utf8Hex(message), deps.address] }), deps.timeoutMs)
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) throw new Error('The wallet returned no signature')
  return { signature }
}
