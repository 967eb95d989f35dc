/** `toViemAccount(provider)`: viem loads with the first call, never with the client. */
import type { LocalAccount } from 'viem'
import type { EmbeddedEthereumProvider } from './types.js'

export async function toViemAccount(provider: EmbeddedEthereumProvider): Promise<LocalAccount> {
  return (await import('./viem-account.js')).viemAccountOf(provider)
}
